/**
 * One server of bench/api.ts, run in its own process (forked by it) so that the load generator and the
 * server do not share an event loop. argv[2] names the server:
 *
 * - `bare`: Fastify + graphql-yoga with a two-field schema answering `me { id email }` from memory (the
 *   ceiling: what the HTTP and GraphQL layers cost with nothing behind them);
 * - `pglite-otp`, `pglite-single`, `postgres-otp`: the real app (buildApp) on an in-memory PGlite or on the
 *   PostgreSQL database BENCH_SERVER_DATABASE_URL, as production runs it (NODE_ENV=production, LOG_LEVEL
 *   info, JSON logs to stdout, which the parent discards). In otp mode a user with a real session is
 *   created the way tests/integration/helpers.ts does, so every request goes through the session lookup.
 *
 * Sends `{ port, token }` to the parent once listening; exits on the parent's `stop` message or when it
 * goes away (so `--cpu-prof` profiles get written). Run by hand (`node --import tsx bench/apiServer.ts pglite-otp`),
 * it prints `{ port, token }` on stderr and stops on SIGINT.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createSchema, createYoga } from 'graphql-yoga';
import { buildApp } from '../server/app';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../server/config';
import { createDatabase } from '../server/db/client';
import { SINGLE_USER_TOKEN } from '../src/domain/constants';
import { createUserWithSession } from '../tests/integration/helpers';

export const SERVER_KINDS = ['bare', 'pglite-otp', 'pglite-single', 'postgres-otp'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

export interface ServerReady {
  port: number;
  token: string;
}

const BARE_USER = { id: '7d1c55a0-5b8e-4d0e-9a51-0b1b9e7f0c11', email: 'trader@localhost' };

async function bareServer(): Promise<{ app: FastifyInstance; token: string }> {
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: 'type User { id: ID! email: String } type Query { me: User! }',
      resolvers: { Query: { me: () => BARE_USER } },
    }),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
  });
  const app = Fastify();
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/graphql',
    handler: (req, reply) => yoga.handleNodeRequestAndResponse(req, reply),
  });
  return { app, token: SINGLE_USER_TOKEN };
}

async function realServer(kind: Exclude<ServerKind, 'bare'>): Promise<{ app: FastifyInstance; token: string }> {
  const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
  if (kind === 'postgres-otp' && !databaseUrl) throw new Error('BENCH_SERVER_DATABASE_URL is not set');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    STATIC_DIR: '/nonexistent-static-dir',
    AUTH_MODE: kind === 'pglite-single' ? 'single' : 'otp',
    // Production otp needs a delivery channel; the bench never sends a code.
    SMTP_URL: 'smtp://127.0.0.1:9',
    ...(kind === 'postgres-otp' && databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  const database = await createDatabase(config, console);
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());
  const token = kind === 'pglite-single' ? SINGLE_USER_TOKEN : (await createUserWithSession(database.db)).token;
  return { app, token };
}

const kind = process.argv[2] as ServerKind;
if (!SERVER_KINDS.includes(kind)) throw new Error(`unknown server ${process.argv[2]}`);
const { app, token } = kind === 'bare' ? await bareServer() : await realServer(kind);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');

const stop = () => {
  void app.close().finally(() => process.exit(0));
};
process.on('message', (message) => {
  if (message === 'stop') stop();
});
process.on('disconnect', stop);
const ready: ServerReady = { port: address.port, token };
// Run by hand (no IPC channel), it prints where it listens; Ctrl-C stops it.
if (process.send) process.send(ready);
else {
  process.stderr.write(`${JSON.stringify(ready)}\n`);
  process.on('SIGINT', stop);
}
