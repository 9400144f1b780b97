import type { FastifyInstance } from 'fastify';
import type { LogFn, Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase, type DatabaseHandle } from './db/client';
// createMarket.ts itself, not the area's index.ts: this module's imports are evaluated before the database starts
// opening, and the index pulls in GraphQL Yoga (for the quote streams), which is better loaded meanwhile.
import { startMarketInBackground, type RunningMarket } from './services/market/createMarket';

/** Reads the configuration; a bad variable stops the process with its one-line reason. */
function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database, exit 0; a second signal exits at once. */
function closeOnSignals(app: FastifyInstance, database: DatabaseHandle, market: RunningMarket): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => {
        market.stop();
        return database.close();
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

const config = readConfig();
let app: FastifyInstance | undefined;
/** The app's logger once there is one (a PostgreSQL pool error), stderr before. */
const log: Pick<Logger, 'error'> = {
  error: ((...args: Parameters<LogFn>) => (app ? app.log.error(...args) : console.error(...args))) as LogFn,
};
const now = () => new Date();
// Cold start (bench/coldStart.ts): the database opens and the simulator's history is read from DATA_DIR (or
// generated on a worker thread) first, and the rest of the server loads meanwhile (its own chunk of the bundle,
// scripts/build-server.js, read and evaluated while V8 compiles PGlite's WebAssembly on background threads).
const opening = createDatabase(config, log);
const marketStarting = startMarketInBackground(config, now, (error) =>
  log.error(
    { err: error },
    'market data provider error (or the simulated history could not be made or stored as usual)',
  ),
);
for (const started of [opening, marketStarting]) started.catch(() => undefined); // reported below, once awaited
const { buildApp, createExecutableSchema } = await import('./app');
// The GraphQL schema needs neither the database nor the market: built while PGlite's WebAssembly compiles (a schema
// that fails to build is built again by buildApp, which then fails and closes what main.ts opened).
const graphqlSchema = (() => {
  try {
    return createExecutableSchema();
  } catch (error) {
    log.error({ err: error }, 'building the GraphQL schema failed; buildApp tries again');
    return undefined;
  }
})();
const [database, market] = await Promise.all([opening, marketStarting]);
try {
  app = await buildApp({ config, database, market: market.provider, now, leaderWorkInBackground: true, graphqlSchema });
} catch (error) {
  market.stop();
  await database.close();
  throw error;
}
closeOnSignals(app, database, market);
try {
  // Fastify logs "Server listening at http://…" once the port is bound.
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, `cannot listen on ${config.host}:${config.port}`);
  await app.close();
  market.stop();
  await database.close();
  process.exit(1);
}
