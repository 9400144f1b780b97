import { eq, sql } from 'drizzle-orm';
import type { TradingModeInfo, TradingModeInput, TradingModeResult } from '../../../src/domain/trading/mode';
import { resolveTradingParameters } from '../../../src/domain/trading/parameters';
import type { Database } from '../../db/client';
import { preferences } from '../../db/schema';
import { badUserInput } from '../errors';
import { loadPreferencesRow } from '../preferences';
import { availableBrokers, canTradeLive } from '../brokers';
import { storedParametersOf } from '../tradingParameters';

export const LIVE_TRADING_REFUSED = 'Live trading requires a connected and verified live broker account.';

export async function loadTradingMode(db: Database, userId: string): Promise<TradingModeInfo> {
  const row = await loadPreferencesRow(db, userId);
  const brokers = await availableBrokers(db, userId);
  const live = canTradeLive(brokers);
  const effectiveMode = row.tradingMode === 'live' && live ? 'live' : 'paper';
  const parameters = resolveTradingParameters(storedParametersOf(row));
  return {
    requestedMode: row.tradingMode,
    effectiveMode,
    canTradeLive: live,
    activeBroker: brokers.find((broker) => broker.environment === effectiveMode && broker.isActive) ?? null,
    brokers,
    preferences: {
      riskTolerance: parameters.riskTolerance,
      maxPositionSize: parameters.maxPositionSize,
      dailyLossLimit: parameters.dailyLossLimit,
    },
  };
}

/**
 * Stores the requested mode. Live is refused (nothing stored, requiresBrokerSetup) while no live
 * broker can trade; an unknown broker, or one of the other environment, is bad input.
 */
export async function updateTradingMode(
  db: Database,
  userId: string,
  input: TradingModeInput,
): Promise<TradingModeResult> {
  const brokers = await availableBrokers(db, userId);
  const broker = input.brokerId == null ? undefined : brokers.find((candidate) => candidate.id === input.brokerId);
  if (input.brokerId != null && !broker) throw badUserInput(`Unknown broker "${input.brokerId}"`);

  if (input.mode === 'live' && !canTradeLive(brokers)) {
    return { success: false, mode: 'paper', message: null, error: LIVE_TRADING_REFUSED, requiresBrokerSetup: true };
  }
  if (broker && broker.environment !== input.mode) {
    throw badUserInput(`Broker "${broker.id}" is a ${broker.environment} broker, not a ${input.mode} one`);
  }
  // Orders of a mode go to one broker: the paper broker in paper mode, the oldest connected, verified live account
  // in live mode (the trading mode's activeBroker). Another one is refused rather than silently not used.
  const routed = brokers.find((candidate) => candidate.environment === input.mode && candidate.isActive);
  if (broker && routed && broker.id !== routed.id) {
    throw badUserInput(
      `brokerId: ${input.mode} orders go to ${routed.name} (${routed.id}); trading through another ${input.mode} account is not available yet`,
    );
  }

  await db
    .update(preferences)
    .set({ tradingMode: input.mode, updatedAt: sql`now()` })
    .where(eq(preferences.userId, userId));
  return {
    success: true,
    mode: input.mode,
    message: input.mode === 'paper' ? 'Switched to paper trading' : 'Switched to live trading',
    error: null,
    requiresBrokerSetup: false,
  };
}
