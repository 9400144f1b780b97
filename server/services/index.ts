import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import type { EventBus } from '../events';
import type { TradingModeInput } from '../graphql/generated/resolvers';
import type { Metrics } from '../metrics';
import type { MarketDataProvider } from './market/provider';
import { parsePreferencesPatch, updatePreferences } from './preferences';
import { checkSystemHealth } from './systemHealth';
import { loadTradingMode, updateTradingMode } from './trading/tradingMode';
import { loadTradingStatus } from './trading/tradingStatus';
import { loadUserProfile } from './users';

export interface ServiceDependencies {
  database: DatabaseHandle;
  events: EventBus;
  /** Quotes and candles: the embedded simulator or a real-data adapter. */
  market: MarketDataProvider;
  metrics: Metrics;
  /** Open WebSocket (graphql-ws) connections. */
  openConnections: () => number;
  uptimeSeconds: () => number;
  now: () => Date;
  log: Pick<Logger, 'warn'>;
}

/** The services resolvers call, bound to their dependencies; every user-scoped call takes the user id. */
export function createServices({
  database,
  events,
  market,
  metrics,
  openConnections,
  uptimeSeconds,
  now,
  log,
}: ServiceDependencies) {
  const { db, driver } = database;
  return {
    events,
    market,
    users: {
      profile: (userId: string) => loadUserProfile(db, userId),
    },
    preferences: {
      /** Validates `input` (BAD_USER_INPUT, nothing written, when invalid) and applies it. */
      update: (userId: string, input: unknown) => updatePreferences(db, events, userId, parsePreferencesPatch(input)),
    },
    trading: {
      status: (userId: string) => loadTradingStatus(db, userId, now()),
      mode: (userId: string) => loadTradingMode(db, userId),
      updateMode: (userId: string, input: TradingModeInput) => updateTradingMode(db, userId, input),
    },
    system: {
      health: () => checkSystemHealth({ db, driver, metrics, openConnections, uptimeSeconds, now, log }),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
