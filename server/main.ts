import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

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
function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
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
const app = await buildApp({ config });
closeOnSignals(app);
try {
  // Fastify logs "Server listening at http://…" once the port is bound.
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, `cannot listen on ${config.host}:${config.port}`);
  await app.close();
  process.exit(1);
}
