import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { IN_MEMORY_DATA_DIR, type Config } from './config';
import { createDatabase, type DatabaseHandle } from './db/client';
import { createEventBus } from './events';
import { registerGraphQLRoutes } from './graphql/routes';
import { createExecutableSchema } from './graphql/schema';
import { closeSocketsGoingAway, MAX_MESSAGE_BYTES, socketErrorHandler } from './graphql/socketLimits';
import { createSocketSessions } from './graphql/socketSessions';
import { registerRestAuth } from './http/auth';
import { registerAuthRoutes } from './http/authRoutes';
import { registerErrorHandler } from './http/errors';
import { registerAccountRoutes } from './http/accountRoutes';
import { registerCompression } from './http/compression';
import { registerBrokerRoutes } from './http/brokerRoutes';
import { registerOAuthRoutes } from './http/oauthRoutes';
import { registerOnboardingRoutes } from './http/onboardingRoutes';
import { registerReportRoutes } from './http/reportRoutes';
import { registerErrorReportRoute } from './http/errorReports';
import { createHostPolicy, registerHostCheck } from './http/hosts';
import { registerPublicRoutes } from './http/publicRoutes';
import { registerPwa } from './http/pwa';
import { RequestLogController } from './http/requestLog';
import { registerSecurityHeaders } from './http/securityHeaders';
import { readIndexScriptHashes } from './http/inlineScripts';
import { loggerOptions } from './logger';
import { createMetrics } from './metrics';
import { createServices } from './services';
import { createAuthenticator } from './services/auth';
import { createNotifications } from './services/notifications';
import { createChatCompletionsClient } from './services/chat';
import { SimulatedMarket, SIMULATOR_TICK_MS, startMarket, type MarketDataProvider } from './services/market';
import { shareSimulatedTicks } from './services/market/sharedTicks';
import { AlpacaMarketData } from './services/market/alpaca/provider';
import { newsProviders } from './services/news/fromConfig';
import { createNewsLive } from './services/news/live';
import { shareAlpacaStream } from './services/market/alpaca/sharedStream';
import { createErrorReportForwarder } from './services/errorReports';
import { scheduleIdempotencyPurge } from './services/idempotency';
import { loadVapidKeys } from './services/push';
import { loadCredentialsKey } from './services/secrets/credentialsKey';
import { createSecretBox } from './services/secrets/sealing';
import {
  alwaysLeader,
  createAdvisoryLockElection,
  eventLoopTurns,
  LEADER_RETRY_MS,
  runWhileLeader,
  singletonWork,
} from './services/leader';
import { readAppVersion } from './version';

export interface BuildAppOptions {
  config: Config;
  /** An open database to use instead of opening one from the config; the caller keeps ownership. */
  database?: DatabaseHandle;
  /** Wall clock (market clock, session expiry, timestamps); tests pass a fixed one. */
  now?: () => Date;
  /**
   * Market data to use instead of the embedded simulator started from the config (tests pass their own
   * SimulatedMarket to tick it by hand); the caller keeps ownership.
   */
  market?: MarketDataProvider;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Milliseconds between server metrics samples (default 5 s; tests sample faster). */
  metricsSampleIntervalMs?: number;
  /**
   * Start the leader's first attempt (the election, then starting the market's ticks, alerts, matching, strategies,
   * the daily equity backfill, scans, report deliveries and news streams) once the app listens, in the background,
   * logging its failures, instead of settling it before resolving: `npm start` answers requests at once (the API
   * does not need that work to serve; resting orders match from the first tick after it). Tests leave it off and
   * get an app whose leader work has started.
   */
  leaderWorkInBackground?: boolean;
  /**
   * The GraphQL schema (createExecutableSchema()) when it was built beforehand: server/main.ts builds it while the
   * database starts. Built by buildApp otherwise.
   */
  graphqlSchema?: ReturnType<typeof createExecutableSchema>;
}

export { createExecutableSchema };

/** Fastify's trustProxy for "the `hops` nearest proxies" (a number there works, but is not in its types). */
function nearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The whole server as a ready (not yet listening) Fastify instance: the PWA, /graphql (HTTP and
 * WebSocket) and /api/*. `app.close()` also closes the database it opened.
 */
export async function buildApp({
  config,
  database,
  now = () => new Date(),
  market,
  logStream,
  metricsSampleIntervalMs,
  leaderWorkInBackground = false,
  graphqlSchema,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    logController: new RequestLogController(),
    // Client addresses (sign-in rate limits, logs), protocol (HSTS) and host from X-Forwarded-* only when trusted.
    trustProxy: typeof config.trustProxy === 'number' ? nearestHops(config.trustProxy) : config.trustProxy,
  });
  // The key files read (or first written) while the rest is built; a failed build waits for them before it closes,
  // so nothing is written to DATA_DIR after buildApp has failed.
  const keyFiles: Promise<unknown>[] = [];
  try {
    const startedAt = performance.now();
    const uptimeSeconds = () => (performance.now() - startedAt) / 1000;
    const version = readAppVersion(config.staticDir);
    // Both wait on files (and the VAPID keys on web-push's module), not on this thread: read meanwhile, awaited below.
    const credentialsKeyLoading = loadCredentialsKey({
      credentialsKey: config.brokers.credentialsKey,
      dataDir: config.dataDir === IN_MEMORY_DATA_DIR ? undefined : config.dataDir,
      production: config.nodeEnv === 'production',
      warn: (message) => app.log.warn(message),
    });
    const vapidKeysLoading = loadVapidKeys({
      ...config.push,
      publicOrigin: config.publicOrigin,
      dataDir: config.dataDir === IN_MEMORY_DATA_DIR ? undefined : config.dataDir,
    });
    keyFiles.push(credentialsKeyLoading, vapidKeysLoading);
    for (const loading of keyFiles) loading.catch(() => undefined); // thrown below

    const handle = database ?? (await createDatabase(config, app.log));
    if (!database) app.addHook('onClose', () => handle.close());
    app.log.info({ driver: handle.driver, authMode: config.authMode, version }, 'database ready');

    const events = config.redisUrl
      ? (await import('./eventsRedis')).createRedisEventBus(config.redisUrl, app.log)
      : createEventBus();
    const authenticator = await createAuthenticator({
      db: handle.db,
      authMode: config.authMode,
      singleUserEmail: config.singleUserEmail,
      now,
      events,
    });
    // Runs after the hooks added below (onClose hooks run last-added first): after all that publishes has stopped.
    app.addHook('onClose', async () => {
      authenticator.close();
      await events.close();
    });

    const forwarder = createErrorReportForwarder(config.errorReport, app.log);
    app.addHook('onClose', () => forwarder.drain());

    registerErrorHandler(app);
    await registerSecurityHeaders(app, { scriptHashes: readIndexScriptHashes(config.staticDir) });
    await registerCompression(app);
    // Shutdown (app.close(), SIGTERM): sockets are closed with 1001 before @fastify/websocket's preClose closes
    // them without a code, and answers to the requests still in flight say `Connection: close`, so that an idle
    // keep-alive connection does not hold the server open after its last answer.
    let shuttingDown = false;
    const closeSockets = closeSocketsGoingAway(() =>
      app.hasDecorator('websocketServer') ? app.websocketServer.clients : undefined,
    );
    app.addHook('preClose', async () => {
      shuttingDown = true;
      closeSockets();
    });
    app.addHook('onSend', async (_request, reply) => {
      if (shuttingDown) reply.header('connection', 'close');
    });
    await app.register(websocket, {
      options: { maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false },
      errorHandler: socketErrorHandler,
    });
    // After @fastify/websocket, whose own hooks mark an upgrade request and destroy its socket once answered.
    const hostPolicy = createHostPolicy(config);
    registerHostCheck(app, hostPolicy);
    const sockets = createSocketSessions({
      authenticator,
      events,
      now,
      maxSocketsPerUser: config.maxSocketsPerUser,
      onError: (error) => app.log.error({ err: error }, 'checking an open socket’s session failed'),
    });
    app.addHook('onClose', async () => sockets.stop());

    const ownMarket = market
      ? undefined
      : startMarket(config, now, (error) => app.log.warn({ err: error }, 'market data provider error'));
    if (ownMarket) app.addHook('onClose', async () => ownMarket.stop());
    const marketData = market ?? ownMarket?.provider;
    if (!marketData) throw new Error('no market data provider');

    const metrics = createMetrics();
    const credentialsKey = await credentialsKeyLoading;
    const vapid = await vapidKeysLoading;
    const news = newsProviders(config, marketData, app.log);
    const services = createServices({
      database: handle,
      events,
      market: marketData,
      newsProviders: news,
      llm: config.llm && createChatCompletionsClient(config.llm),
      paper: config.paper,
      rateLimits: config.rateLimits,
      backtests: config.backtests,
      brokers: {
        box: createSecretBox(credentialsKey),
        alpacaPaperUrl: config.brokers.alpacaPaperUrl,
        alpacaLiveUrl: config.brokers.alpacaLiveUrl,
        alpacaOAuth: config.brokers.alpacaOAuth,
        tradier: config.brokers.tradier,
      },
      push: { vapid, production: config.nodeEnv === 'production' },
      notifications: createNotifications(config.notifications, app.log, {
        production: config.nodeEnv === 'production',
      }),
      auth: {
        mode: config.authMode,
        singleUserId: authenticator.singleUserId,
        revokeSession: (token) => authenticator.revoke(token),
        revokeUser: (userId) => authenticator.revokeUser(userId),
      },
      metrics,
      openConnections: () => app.websocketServer.clients.size,
      uptimeSeconds,
      now,
      log: app.log,
    });

    // Every process samples its own memory and event loop (Memory monitoring), until it closes.
    services.system.startSampling(metricsSampleIntervalMs);
    app.addHook('onClose', () => services.system.stopSampling());
    app.addHook('onClose', () => services.trading.broker.close());
    app.addHook('onClose', () => services.push.drain());
    app.addHook('onClose', () => services.opportunities.close());
    app.addHook('onClose', () => services.backtests.stop());
    app.addHook('onClose', async () => services.dashboard.close());
    app.addHook('onClose', async () => services.scanner.close());
    // With Redis, several processes share one simulated market: the leader's ticks (server/services/market/sharedTicks.ts).
    const sharedTicks =
      config.redisUrl && marketData instanceof SimulatedMarket
        ? shareSimulatedTicks(marketData, events, {
            intervalMs: SIMULATOR_TICK_MS,
            clock: () => now().getTime(),
            onError: (error) => app.log.error({ err: error }, 'shared market ticks'),
          })
        : undefined;
    if (sharedTicks) app.addHook('onClose', async () => sharedTicks.stop());
    // With Redis and Alpaca, only the leader holds the stream, one per key (server/services/market/alpaca/sharedStream.ts).
    const sharedStream =
      config.redisUrl && marketData instanceof AlpacaMarketData
        ? shareAlpacaStream(marketData, events, {
            onError: (error) => app.log.error({ err: error }, 'shared market stream'),
          })
        : undefined;
    if (sharedStream) app.addHook('onClose', async () => sharedStream.stop());
    // Singleton work (issue 12 point 7): on PostgreSQL only the process holding the leader lock ticks the shared
    // market, evaluates alerts, matches orders, runs the active strategies and purges idempotency keys; on PGlite this process always leads.
    // Ready once the first attempt is settled (with leaderWorkInBackground: started once listening, below).
    const election =
      handle.driver === 'postgres' && config.databaseUrl
        ? createAdvisoryLockElection({ connectionString: config.databaseUrl, log: app.log })
        : alwaysLeader();
    // Each work starts on a turn of the event loop of its own (eventLoopTurns): requests that arrive while the leader
    // starts (on PGlite its queries run on this thread) are answered between two works' starts, not after all five.
    const turn = eventLoopTurns();
    const singletons = runWhileLeader(
      election,
      singletonWork({
        market: sharedTicks?.ticking ?? sharedStream?.streaming,
        alerts: services.alerts,
        engine: services.trading.broker,
        strategies: services.strategyRunner,
        purgeIdempotencyKeys: () => scheduleIdempotencyPurge(handle.db, now, app.log),
        // Alerts and strategies changed through another process reach the leader without Redis too.
        refreshEveryMs: handle.driver === 'postgres' ? LEADER_RETRY_MS : undefined,
      }),
      app.log,
      turn,
      'singletons',
    );
    // The daily equity history (issue 15 point 1): the leader backfills on start and records each market close.
    const dailyEquity = runWhileLeader(election, services.dailyEquityJob, app.log, turn, 'daily equity');
    // The market scanner's scan of every type each minute on the leader (its hits reach the scanner's listeners).
    const backgroundScans = runWhileLeader(election, services.scanner.background, app.log, turn, 'scans');
    // Scheduled reports (issue 15 point 6): the leader e-mails the schedules due, once per period.
    const reportDeliveries = runWhileLeader(election, services.reports.deliveryJob, app.log, turn, 'report deliveries');
    // Live news (issue 16 point 1): the leader holds the news streams (Alpaca's, one per key); every process reads the stories.
    const newsLive = createNewsLive({ providers: news, events: services.events, log: app.log });
    const newsStreams = runWhileLeader(election, newsLive.leaderWork, app.log, turn, 'news streams');
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
      await newsStreams.stop();
      await newsLive.close();
      await reportDeliveries.stop();
      await dailyEquity.stop();
      await backgroundScans.stop();
      await singletons.stop();
      await election.stop();
    });
    const startLeaderWork = () =>
      election
        .start()
        .then(() =>
          Promise.all(
            [singletons, dailyEquity, backgroundScans, reportDeliveries, newsStreams].map((work) => work.settled()),
          ),
        );
    if (leaderWorkInBackground) {
      // Once listening: on PGlite its first queries (the backfill, the alerts and orders to watch) run on this thread.
      app.addHook('onListen', (done) => {
        // Not once closing (a signal between the hooks and the listen): the work stopped would start again.
        if (!closing) {
          startLeaderWork().catch((error: unknown) => app.log.error({ err: error }, 'leader work failed to start'));
        }
        done();
      });
    } else await startLeaderWork();

    const requireUser = registerRestAuth(app, authenticator);
    registerPublicRoutes(app, {
      version,
      authMode: config.authMode,
      errorReporting: forwarder.enabled,
      uptimeSeconds,
    });
    registerAuthRoutes(app, services.signIn);
    registerErrorReportRoute(app, { forwarder, requireUser, appVersion: version });
    registerBrokerRoutes(app, { requireUser, connections: services.brokerConnections });
    registerAccountRoutes(app, { requireUser, account: services.account });
    registerOAuthRoutes(app, { requireUser, oauth: services.brokerOAuth, publicOrigin: config.publicOrigin });
    registerOnboardingRoutes(app, { requireUser, onboarding: services.onboarding });
    registerReportRoutes(app, { requireUser, reports: services.reports });
    registerGraphQLRoutes(app, {
      config,
      authenticator,
      services,
      metrics,
      hostPolicy,
      sockets,
      schema: graphqlSchema,
    });
    await registerPwa(app, config.staticDir, { serveSourceMaps: config.nodeEnv !== 'production' });

    await app.ready();
    return app;
  } catch (error) {
    await Promise.allSettled(keyFiles);
    await app.close();
    throw error;
  }
}
