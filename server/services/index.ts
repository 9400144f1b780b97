import type { Logger } from 'pino';
import type { AuthMode, BacktestSettings, PaperSettings, RateLimits } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { EventBus } from '../events';
import type { Metrics } from '../metrics';
import type { TradingModeInput } from '../../src/domain/trading/mode';
import { createAccountService } from './account';
import { createAiAnalysisService } from './aiAnalysis';
import { createAlertNotifier, createWatchedAlertService } from './alerts';
import { createAnalyticsService, createDailyEquityJob } from './analytics';
import { createBacktestService } from './backtests';
import { createSignInService } from './auth';
import type { BrokerProvider } from './brokers';
import { createAssistantPorts, createChatService, createPerformancePort, type LlmClient } from './chat';
import { createDashboardService } from './dashboard';
import { MAX_OPPORTUNITIES } from './dashboard/insights';
import { createMarketService, type MarketDataProvider } from './market';
import { createLlmSentiment, createNewsService, MAX_NEWS_LIMIT, SimulatedNews, type NewsProvider } from './news';
import type { Notifications } from './notifications';
import { createPushService, type PushSettings } from './push';
import { createOnboardingService } from './onboarding';
import { createPreferencesService } from './preferences';
import { createRateLimitService } from './rateLimits';
import { createScannerService } from './scanner';
import { createOpportunityService } from './opportunities';
import { createReportsService } from './reports';
import { createStrategyRunner, createStrategyService } from './strategies';
import { createRecommendationService } from './recommendations';
import { MAX_BACKTEST_BARS } from './strategies/manage';
import { ALPACA_PROVIDER, createAlpacaBroker } from './brokers/alpaca/alpacaBroker';
import { alpacaAccountHistory } from './brokers/alpaca/accountHistory';
import { alpacaConnection } from './brokers/alpaca/connection';
import { createLiveStreams } from './brokers/alpaca/liveStreams';
import { createBrokerOrderNotes } from './brokers/brokerOrders';
import { createConnectionAuth } from './brokers/connectionAuth';
import { createBrokerConnections } from './brokers/connections';
import { LIVE_STREAMS_REFRESH_MS } from './brokers/connectionStreams';
import type { OAuthAppSettings } from './brokers/oauthProviders';
import { tradierAccountHistory } from './brokers/tradier/accountHistory';
import { tradierConnection } from './brokers/tradier/connection';
import { createTradierStreams } from './brokers/tradier/liveStreams';
import { createTradierBroker } from './brokers/tradier/tradierBroker';
import { TRADIER_PROVIDER } from './brokers/tradier/verify';
import { createLiveModes } from './brokers/liveConnections';
import { createBrokerRouter } from './brokers/router';
import { createBrokerOAuth, type AlpacaOAuthSettings } from './brokers/oauth';
import type { SecretBox } from './secrets/sealing';
import { createSystemService } from './system';
import { createTradingEngine, createTradingService, loadAllTrades } from './trading';
import { createTradingParametersService } from './tradingParameters';
import { createUserService } from './users';
import { createWatchlistService } from './watchlists';

export interface ServiceDependencies {
  database: DatabaseHandle;
  events: EventBus;
  /** Quotes and candles: the embedded simulator or a real-data adapter. */
  market: MarketDataProvider;
  /** News sources in order of preference (default: stories from `market`'s own days, server/services/news). */
  newsProviders?: readonly NewsProvider[];
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
  /** Web Push: the VAPID keys (undefined: no push messages). */
  push?: PushSettings;
  /** AUTH_MODE, in single-user mode the default user, and the authenticator's revocation (logout). */
  auth: {
    mode: AuthMode;
    singleUserId: string | undefined;
    revokeSession: (token: string) => Promise<void>;
    /** Revokes every session of a user, on every process. */
    revokeUser: (userId: string) => Promise<void>;
  };
  /** The paper broker's settings (starting cash, commission, fractional shares). */
  paper: PaperSettings;
  /** Per-user limits on chat messages, orders and backtest runs. */
  rateLimits: RateLimits;
  /** Backtest runs' worker threads and bar cap (default: the configuration's defaults). */
  backtests?: BacktestSettings;
  /** Users' broker connections: Alpaca's trading hosts and the box sealing their credentials. */
  brokers: {
    box: SecretBox;
    alpacaPaperUrl: string;
    alpacaLiveUrl: string;
    /** null: no Alpaca OAuth app configured (API keys only). */
    alpacaOAuth: AlpacaOAuthSettings | null;
    /** Tradier's live and sandbox API bases; `oauth` null: no Tradier OAuth app (access tokens only). */
    tradier: { liveUrl: string; sandboxUrl: string; oauth: OAuthAppSettings | null };
  };
}

/** The services resolvers call, bound to their dependencies; every user-scoped call takes the user id. */
export function createServices({
  database,
  events: bus,
  market,
  newsProviders = [new SimulatedNews(market)],
  metrics,
  openConnections,
  uptimeSeconds,
  now,
  log,
  llm,
  paper,
  notifications,
  auth,
  rateLimits,
  backtests: backtestSettings = { workers: 1, maxTotalBars: MAX_BACKTEST_BARS, maxOptimisationWork: 200_000_000 },
  brokers,
  push: pushSettings,
}: ServiceDependencies) {
  const { db, driver, pool } = database;
  /** Web Push; `events` is the bus whose alert and fill events are also pushed by the process publishing them. */
  const push = createPushService({ db, now, log, settings: pushSettings });
  const events = push.observe(bus);
  /** Per-user limits checked as a chat message or an order is stored (CHAT_MESSAGES_PER_MINUTE, ORDERS_PER_MINUTE). */
  const limits = createRateLimitService({ db, now, rules: rateLimits });
  /** The paper broker (matching and expiry: singleton work, started with the router by the app: server/app.ts). */
  /** Market data for the resolvers, and the universe keyed by symbol (`instruments`) the brokers look orders up in. */
  const marketData = createMarketService(market, now);
  const paperBroker = createTradingEngine({
    db,
    pool,
    events,
    market,
    instruments: marketData.instruments,
    now,
    paper,
    log,
    admitOrder: limits.order,
  });
  /** Whether a user's orders go to their live broker now (cached briefly, forgotten on a change made here). */
  const liveModes = createLiveModes(db);
  /** The leader's trade_updates streams of the live connections (fills into orderUpdates / tradeExecutions). */
  const alpacaStreams = createLiveStreams({
    db,
    box: brokers.box,
    events,
    notes: createBrokerOrderNotes(db, ALPACA_PROVIDER),
    log,
    liveUrl: brokers.alpacaLiveUrl,
    refreshMs: LIVE_STREAMS_REFRESH_MS,
  });
  /** Each provider's part of connecting (reading the account, the dialog's fields, renewing tokens). */
  const connectionAdapters = [
    alpacaConnection({ paperUrl: brokers.alpacaPaperUrl, liveUrl: brokers.alpacaLiveUrl }),
    tradierConnection({
      liveUrl: brokers.tradier.liveUrl,
      sandboxUrl: brokers.tradier.sandboxUrl,
      oauth: brokers.tradier.oauth && {
        ...brokers.tradier.oauth,
        tokenBaseUrl: brokers.tradier.oauth.tokenUrl,
      },
    }),
  ];
  /** Connections' credentials, an expiring OAuth token renewed first (the rotated pair saved in one UPDATE). */
  const credentials = createConnectionAuth({ db, box: brokers.box, now, adapters: connectionAdapters });
  /** The leader's Tradier account event streams of the live connections. */
  const tradierStreams = createTradierStreams({
    db,
    credentials,
    events,
    notes: createBrokerOrderNotes(db, TRADIER_PROVIDER),
    log,
    liveUrl: brokers.tradier.liveUrl,
    refreshMs: LIVE_STREAMS_REFRESH_MS,
  });
  /** The leader's live streams of every provider (fills into orderUpdates / tradeExecutions). */
  const liveStreams = {
    async start() {
      await Promise.all([alpacaStreams.start(), tradierStreams.start()]);
    },
    async stop() {
      await Promise.all([alpacaStreams.stop(), tradierStreams.stop()]);
    },
    async refresh() {
      await Promise.all([alpacaStreams.refresh(), tradierStreams.refresh()]);
    },
  };
  /**
   * The broker every caller uses (resolvers, chat, REST and the strategy runner): the user's live broker in live
   * mode, else the paper broker.
   */
  const broker: BrokerProvider = createBrokerRouter({
    paper: paperBroker,
    live: [
      createAlpacaBroker({
        db,
        box: brokers.box,
        events,
        market,
        instruments: marketData.instruments,
        now,
        log,
        liveUrl: brokers.alpacaLiveUrl,
        orderLimit: rateLimits.orders,
      }),
      createTradierBroker({
        db,
        credentials,
        events,
        market,
        instruments: marketData.instruments,
        now,
        log,
        liveUrl: brokers.tradier.liveUrl,
        orderLimit: rateLimits.orders,
      }),
    ],
    liveProvider: liveModes.liveProvider,
    forgetMode: liveModes.forget,
    background: liveStreams,
  });
  /** A change of a user's broker connections or trading mode made here takes effect at once. */
  const brokerChanged = (userId: string) => {
    liveModes.forget(userId);
    void liveStreams.refresh();
  };
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
  const strategies = createStrategyService({
    db,
    now,
    instruments: marketData.instruments,
    dailyBars: async (symbol, limit) => market.getCandles(symbol, '1D', limit),
    events,
    cancelStrategyOrders: (userId, strategyId) => broker.cancelAllOrders(userId, null, strategyId),
    maxBacktestBars: backtestSettings.maxTotalBars,
  });
  /** Backtest runs on this process's worker threads (`stop()` called by the app at shutdown: server/app.ts). */
  const backtests = createBacktestService({
    db,
    now,
    log,
    workers: backtestSettings.workers,
    rule: rateLimits.backtests,
    prepare: strategies.prepareBacktest,
    recordBacktest: strategies.recordBacktest,
    maxOptimisationWork: backtestSettings.maxOptimisationWork,
    strategy: strategies.strategy,
    updateStrategy: strategies.updateStrategy,
  });
  /** The market scanner: the universe's indicators kept per quote, scans, their log, hits for listeners. */
  const scanner = createScannerService({ market, now, log });
  /** Opportunity alerts from the leader's background scans (followed scans) and strategies' entry signals. */
  const opportunities = createOpportunityService({ db, events, market, notify: push.notify, now, log });
  scanner.onHits(opportunities.onHits);
  /** The leader's runner of active strategies (singleton work, started by the app: server/app.ts). */
  const strategyRunner = createStrategyRunner({
    db,
    events,
    market,
    broker,
    paper,
    now,
    log,
    onEntrySignal: opportunities.strategyEntry,
  });
  /** news(symbols, limit, category), also read by the assistant and the AI analysis. */
  const news = createNewsService({
    providers: newsProviders,
    instruments: () => market.getInstruments(),
    log,
    llmSentiment: llm && createLlmSentiment({ client: llm, log }),
  });
  /** One symbol's newest stories (the assistant's and the AI analysis' news). */
  const symbolNews = (symbol: string, limit: number) => news.news({ symbols: [symbol], limit });
  const assistantPorts = createAssistantPorts({
    market,
    analysis: (symbol) => marketData.technicalAnalysis(symbol),
    portfolio: (userId) => broker.portfolio(userId),
    performance: createPerformancePort({
      db,
      market,
      now,
      portfolio: (userId) => broker.portfolio(userId),
      startingCashCents: paper.startingCashCents,
    }),
    createAlert: (userId, input) => alerts.create({ userId, idempotencyKey: null }, input),
    strategies,
    news: symbolNews,
  });
  const watchlists = createWatchlistService({ db, instruments: marketData.instruments, now });
  const system = createSystemService({ db, driver, metrics, openConnections, uptimeSeconds, now, log });
  const trading = createTradingService({ db, market, now, broker });
  const preferences = createPreferencesService({ db, events, now });
  const tradingParameters = createTradingParametersService({ db, events, forgetPreferences: preferences.forget });
  /** A user's broker connections (sealed credentials, verified by the broker), by API keys or OAuth. */
  const brokerConnections = createBrokerConnections({
    db,
    box: brokers.box,
    adapters: connectionAdapters,
    credentials,
    now,
    connectLimit: rateLimits.brokerConnects,
    onChange: brokerChanged,
  });
  /** The user's account as a whole: sign out everywhere, export, delete. */
  const account = createAccountService({
    db,
    now,
    authMode: auth.mode,
    cancelAllOrders: (userId) => broker.cancelAllOrders(userId),
    revokeUserSessions: auth.revokeUser,
    strategyChanged: (strategyId) => events.publish('strategyChanged', strategyId),
  });
  const dashboard = createDashboardService({
    market: marketData,
    events,
    now,
    tradingStatus: trading.status,
    tradingMode: trading.mode,
    systemHealth: system.health,
    watchlists: (userId) => watchlists.list(userId),
    marketNews: () => news.news({ limit: MAX_NEWS_LIMIT }),
    patternScans: (scanTypes, limit) => scanner.peek(scanTypes, limit),
    unreadOpportunities: (userId) => opportunities.list(userId, { limit: MAX_OPPORTUNITIES, unreadOnly: true }),
    activity: {
      portfolio: (userId) => broker.portfolio(userId),
      recentOrders: (userId, limit) => broker.orders(userId, { limit }),
      allTrades: (userId) => loadAllTrades(db, userId),
    },
  });

  const analytics = createAnalyticsService({ db, market, instruments: marketData.instruments, broker, now });
  /** aiAnalysis(symbol): the same market, scanner, news and portfolio facts, written by the LLM or by rules. */
  const aiAnalysis = createAiAnalysisService({
    instruments: marketData.instruments,
    quote: (symbol) => marketData.quote(symbol),
    analysis: (symbol) => marketData.technicalAnalysis(symbol),
    symbolHits: (symbol) => scanner.symbolHits(symbol),
    news: symbolNews,
    portfolio: (userId) => broker.portfolio(userId),
    llm,
    now,
    log,
  });

  return {
    events,
    market,
    notifications,
    signIn: createSignInService({
      db,
      notifications,
      now,
      authMode: auth.mode,
      singleUserId: auth.singleUserId,
      revokeSession: auth.revokeSession,
    }),
    /** Validated quotes, candles, technical analysis and quote streams for the resolvers. */
    marketData,
    /** news(symbols, limit, category): every provider's stories with sentiment and relevance, de-duplicated. */
    news,
    aiAnalysis,
    notifyAlert,
    watchlists,
    brokerConnections,
    brokerOAuth: createBrokerOAuth({
      db,
      connections: brokerConnections,
      alpaca: brokers.alpacaOAuth,
      tradier: brokers.tradier.oauth,
      startLimit: rateLimits.brokerConnects,
      now,
    }),
    strategies,
    backtests,
    strategyRunner,
    /** strategyRecommendations and deployRecommendation: the day's shared backtests ranked per user. */
    recommendations: createRecommendationService({
      now,
      instruments: async () => market.getInstruments(),
      dailyBars: async (symbol, limit) => market.getCandles(symbol, '1D', limit),
      conditions: () => dashboard.conditions(),
      riskTolerance: async (userId) => (await preferences.get(userId)).riskTolerance,
      createStrategy: strategies.createStrategy,
    }),
    /** The leader's daily equity history: backfill on start, a row per user at each close (server/app.ts). */
    dailyEquityJob: createDailyEquityJob({
      db,
      market,
      now,
      startingCashCents: paper.startingCashCents,
      log,
      live: [
        alpacaAccountHistory({ box: brokers.box, liveUrl: brokers.alpacaLiveUrl }),
        tradierAccountHistory({ credentials, liveUrl: brokers.tradier.liveUrl }),
      ],
    }),
    /** portfolioAnalysis and performanceReport (issue 15), on the user's broker (paper or live). */
    analytics,
    /** Custom reports: templates, schedules, PDF/CSV exports and the leader's e-mailing of the schedules due. */
    reports: createReportsService({
      db,
      now,
      instruments: marketData.instruments,
      performanceReport: analytics.performanceReport,
      portfolio: (userId) => broker.portfolio(userId),
      email: notifications.email,
      log,
    }),
    alerts,
    dashboard,
    scanner,
    /**
     * Opportunity alerts: list, mark read, followed scans. Alerts marked read leave this process's dashboard at once
     * (with REDIS_URL the opportunitiesRead event reaches even this process through Redis, after the mutation has
     * answered); the event still tells the other processes.
     */
    opportunities: {
      ...opportunities,
      markRead: async (userId: string, id: string) => {
        const record = await opportunities.markRead(userId, id);
        dashboard.forget(userId);
        return record;
      },
      markAllRead: async (userId: string) => {
        const count = await opportunities.markAllRead(userId);
        if (count > 0) dashboard.forget(userId);
        return count;
      },
    },
    users: createUserService({ db, preferences, now }),
    preferences,
    tradingParameters,
    /** The onboarding wizard's status and steps (REST /api/onboarding/*). */
    onboarding: createOnboardingService({
      db,
      saveParameters: tradingParameters.save,
      modeChanged: (userId) => {
        brokerChanged(userId);
        dashboard.forget(userId);
      },
    }),
    trading: {
      ...trading,
      /** The paper broker itself (the paper account's balances in the trading mode's broker list, whatever the mode). */
      paper: paperBroker as BrokerProvider,
      /** A mode change also shows at once on the user's dashboard (its trading status is cached per snapshot). */
      updateMode: async (userId: string, input: TradingModeInput) => {
        const result = await trading.updateMode(userId, input);
        brokerChanged(userId);
        dashboard.forget(userId);
        return result;
      },
    },
    chat: createChatService({ db, events, ports: assistantPorts, llm, log, admitMessage: limits.chatMessage }),
    system,
    account,
    push,
  };
}

export type Services = ReturnType<typeof createServices>;
