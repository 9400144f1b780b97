import type { Logger } from 'pino';
import type { PaperSettings } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { EventBus } from '../events';
import type { TradingModeInput } from '../graphql/generated/resolvers';
import type { Metrics } from '../metrics';
import { createWatchedAlertService } from './alerts/watching';
import { createChatService } from './chat';
import type { AuthMode } from '../config';
import { createSignInService } from './auth/signIn';
import { createStrategyService } from './strategies';
import type { Notifications } from './notifications';
import { createAssistantPorts } from './chat/assistant/createPorts';
import { createPerformancePort } from './chat/assistant/performancePort';
import type { LlmClient } from './chat/llm/chatCompletions';
import { loadAllTrades } from './dashboard/allTrades';
import { createDashboardService } from './dashboard';
import { createAlertNotifier } from './alerts/notifier';
import { createMarketService } from './market';
import type { MarketDataProvider } from './market/provider';
import { parsePreferencesPatch, updatePreferences } from './preferences';
import { checkSystemHealth } from './system';
import { createTradingEngine } from './trading/engine';
import { loadTradingMode, updateTradingMode } from './trading/tradingMode';
import { loadTradingStatus } from './trading/tradingStatus';
import { loadUserProfile } from './users';
import { createWatchlistService } from './watchlists';

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
  log: Pick<Logger, 'warn' | 'error'>;
  /** The configured language model, or null for the built-in rule-based assistant. */
  llm: LlmClient | null;
  /** E-mail and SMS delivery (SMTP, Twilio, or the development log). */
  notifications: Notifications;
  /** AUTH_MODE and, in single-user mode, the default user. */
  auth: { mode: AuthMode; singleUserId: string | undefined };
  /** The paper broker's settings (starting cash, commission, fractional shares). */
  paper: PaperSettings;
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
  llm,
  paper,
  notifications,
  auth,
}: ServiceDependencies) {
  const { db, driver } = database;
  /** The paper broker; `start()`/`stop()` are called by the app (server/app.ts). */
  const engine = createTradingEngine({ db, events, market, now, paper, log });
  const marketData = createMarketService(market, now);
  /** Sends a fired price alert through the user's enabled channels (e-mail). */
  const notifyAlert = createAlertNotifier(db, notifications.email);
  /** Price alerts and their watcher (`start()`/`stop()` called by the app, server/app.ts). */
  const alerts = createWatchedAlertService({
    db,
    events,
    instruments: marketData.instruments,
    now,
    market,
    notify: notifyAlert,
    log,
  });
  const assistantPorts = createAssistantPorts({
    market,
    analysis: (symbol) => marketData.technicalAnalysis(symbol),
    portfolio: (userId) => engine.portfolio(userId),
    performance: createPerformancePort({
      db,
      market,
      now,
      portfolio: (userId) => engine.portfolio(userId),
      startingCashCents: paper.startingCashCents,
    }),
    createAlert: (userId, input) => alerts.create({ userId, idempotencyKey: null }, input),
    strategies: createStrategyService(db),
  });
  const watchlists = createWatchlistService({ db, instruments: marketData.instruments, now });
  const systemHealth = () => checkSystemHealth({ db, driver, metrics, openConnections, uptimeSeconds, now, log });
  return {
    events,
    market,
    notifications,
    signIn: createSignInService({ db, notifications, now, authMode: auth.mode, singleUserId: auth.singleUserId }),
    /** Validated quotes, candles, technical analysis and quote streams for the resolvers. */
    marketData,
    notifyAlert,
    watchlists,
    alerts,
    dashboard: createDashboardService({
      market: marketData,
      now,
      tradingStatus: (userId) => loadTradingStatus(db, userId, now(), market),
      tradingMode: (userId) => loadTradingMode(db, userId),
      systemHealth,
      watchlists: (userId) => watchlists.list(userId),
      activity: {
        portfolio: (userId) => engine.portfolio(userId),
        recentOrders: (userId, limit) => engine.orders(userId, { limit }),
        recentTrades: (userId, limit) => engine.trades(userId, { limit }),
        allTrades: (userId) => loadAllTrades(db, userId),
      },
    }),
    users: {
      profile: (userId: string) => loadUserProfile(db, userId),
    },
    preferences: {
      /** Validates `input` (BAD_USER_INPUT, nothing written, when invalid) and applies it. */
      update: (userId: string, input: unknown) => updatePreferences(db, events, userId, parsePreferencesPatch(input)),
    },
    trading: {
      status: (userId: string) => loadTradingStatus(db, userId, now(), market),
      mode: (userId: string) => loadTradingMode(db, userId),
      updateMode: (userId: string, input: TradingModeInput) => updateTradingMode(db, userId, input),
      /** Paper broker: placeOrder, cancelOrder, cancelAllOrders, closePosition, orders, order, trades, portfolio, positions. */
      ...engine,
    },
    chat: createChatService({ db, events, ports: assistantPorts, llm, log }),
    system: {
      health: systemHealth,
    },
  };
}

export type Services = ReturnType<typeof createServices>;
