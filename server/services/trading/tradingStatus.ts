import { marketClock } from '../../../src/domain/marketClock';
import type { Database } from '../../db/client';
import type { TradingStatus } from '../../graphql/generated/resolvers';
import { loadPreferencesRow } from '../preferences';
import { availableBrokers, hasLiveCredentials } from './brokers';

export async function loadTradingStatus(db: Database, userId: string, now: Date): Promise<TradingStatus> {
  const { emergencyStop } = await loadPreferencesRow(db, userId);
  const clock = marketClock(now);
  return {
    tradingEnabled: !emergencyStop,
    emergencyStop,
    hasCredentials: hasLiveCredentials(availableBrokers(userId)),
    marketStatus: clock.status,
    nextOpen: clock.nextOpen.toISOString(),
    nextClose: clock.nextClose.toISOString(),
  };
}
