/**
 * The risk checks of an order at a live broker (issue 14 point 6): the same pure rules as the paper broker's
 * (src/domain/trading/risk.ts), with the live account's numbers and the user's own trading parameters.
 *
 * Rules:
 * - Buying power, the shares held and today's P&L (equity minus the previous close's equity) are the broker's, read
 *   just before the order is sent (each adapter gives them as {@link LiveAccountNumbers}); the price is the app's market quote (a symbol without one is unknown here).
 * - The limits are the user's trading parameters (../tradingParameters): asset preferences, daily loss limit, max
 *   position size, account size allocation (of the broker's equity; invested is its long market value).
 * - No commission (Alpaca and Tradier charge none on stocks); fractional quantities only where the broker takes them.
 * - The broker checks again (its refusals are mapped by each adapter's errors module).
 */
import { toCents } from '../../../src/domain/market/money';
import type { ParsedOrderInput } from '../../../src/domain/trading/orders';
import type { Instrument } from '../../../src/domain/market/universe';
import {
  assetPreferenceOf,
  resolveTradingParameters,
  type PreferredTradingHours,
} from '../../../src/domain/trading/parameters';
import { checkOrder, type RiskResult } from '../../../src/domain/trading/risk';
import type { Database } from '../../db/client';
import { ModeChangedError } from '../errors';
import type { MarketDataProvider } from '../market';
import { loadPreferencesRow } from '../preferences';
import { storedParametersOf } from '../tradingParameters';

/** The live account's numbers the checks need, in dollars, as the broker reports them just before the order. */
export interface LiveAccountNumbers {
  buyingPower: number;
  equity: number;
  /** The equity at the previous close (0: unknown, so no day P&L). */
  lastEquity: number;
  longMarketValue: number;
  /** Shares of the order's symbol held. */
  held: number;
  /** Whether the broker takes fractional quantities (Alpaca does, Tradier does not). */
  fractional: boolean;
}

export interface LiveRiskDeps {
  db: Database;
  market: MarketDataProvider;
  /** The universe keyed by symbol (the market service's `instruments`). */
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  isOpen: (at: Date) => boolean;
  now: () => Date;
}

/** The verdict, with the user's preferred trading hours (whether the order may work in the extended sessions). */
export type LiveRiskResult = RiskResult & { preferredTradingHours: PreferredTradingHours };

export async function checkLiveOrder(
  { db, market, instruments, isOpen, now }: LiveRiskDeps,
  userId: string,
  input: ParsedOrderInput,
  broker: LiveAccountNumbers,
): Promise<LiveRiskResult> {
  const instrument = (await instruments()).get(input.symbol);
  const [row, quote] = await Promise.all([
    loadPreferencesRow(db, userId),
    instrument ? market.getQuote(input.symbol) : Promise.resolve(undefined),
  ]);
  // A user back in paper mode whose order reached a live broker (the router's remembered mode was stale): refused
  // before anything is sent, and the router sends it again to the paper broker.
  if (row.tradingMode !== 'live') throw new ModeChangedError();
  const limits = resolveTradingParameters(storedParametersOf(row));
  const { held, equity, lastEquity } = broker;
  const verdict = checkOrder(input, {
    knownSymbol: quote !== undefined,
    fractional: broker.fractional,
    emergencyStop: row.emergencyStop,
    liveNotAllowed: false,
    marketOpen: isOpen(now()),
    askCents: quote ? toCents(quote.ask) : 0,
    buyingPowerCents: toCents(broker.buyingPower),
    commissionCents: 0,
    sellableQuantity: held,
    heldQuantity: held,
    maxPositionSizeCents: Math.round(limits.maxPositionSize * 100),
    dailyLossLimitCents: Math.round(limits.dailyLossLimit * 100),
    dayPnLCents: lastEquity > 0 ? toCents(equity - lastEquity) : 0,
    accountSizeAllocation: limits.accountSizeAllocation,
    equityCents: toCents(equity),
    investedCents: toCents(broker.longMarketValue),
    assetType: instrument ? assetPreferenceOf(instrument.type) : null,
    assetPreferences: limits.assetPreferences,
  });
  return { ...verdict, preferredTradingHours: limits.preferredTradingHours };
}
