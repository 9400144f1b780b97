import { and, count, eq, isNotNull } from 'drizzle-orm';
import { marketClock } from '../../../src/domain/marketClock';
import type { TradingStatus } from '../../../src/domain/trading/mode';
import type { Database } from '../../db/client';
import { strategies } from '../../db/schema';
import type { MarketDataProvider } from '../market';
import { loadPreferencesRow } from '../preferences';
import { availableBrokers, hasLiveCredentials } from '../brokers';

/**
 * The user's trading status. The configured market decides whether it is OPEN (MARKET_HOURS=always keeps
 * the simulator open at any hour); pre-market/after-hours/closed and nextOpen/nextClose come from the
 * regular-hours calendar.
 */
export async function loadTradingStatus(
  db: Database,
  userId: string,
  now: Date,
  market?: Pick<MarketDataProvider, 'isOpen'>,
): Promise<TradingStatus> {
  const [{ emergencyStop }, [active], brokers] = await Promise.all([
    loadPreferencesRow(db, userId),
    db
      .select({ n: count() })
      .from(strategies)
      .where(and(eq(strategies.userId, userId), eq(strategies.isActive, true), isNotNull(strategies.code))),
    availableBrokers(db, userId),
  ]);
  const clock = marketClock(now);
  const open = market?.isOpen?.(now.getTime()) ?? clock.status === 'OPEN';
  return {
    tradingEnabled: !emergencyStop,
    emergencyStop,
    hasCredentials: hasLiveCredentials(brokers),
    marketStatus: open ? 'OPEN' : clock.status === 'OPEN' ? 'CLOSED' : clock.status,
    nextOpen: clock.nextOpen.toISOString(),
    nextClose: clock.nextClose.toISOString(),
    activeStrategies: active?.n ?? 0,
  };
}
