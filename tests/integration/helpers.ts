import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createClient, type Client, type ClientOptions } from 'graphql-ws';
import type { DestinationStream } from 'pino';
import WebSocket from 'ws';
import { buildApp } from '../../server/app';
import { IN_MEMORY_DATA_DIR, loadConfig, type Config } from '../../server/config';
import { createDatabase, type Database, type DatabaseDriver, type DatabaseHandle } from '../../server/db/client';
import { preferences, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/services/auth';
import type { MarketDataProvider } from '../../server/services/market';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { DEFAULT_PREFERENCES } from '../../src/domain/preferences';
import { pgliteTemplate } from './pgliteTemplate';
import { createScratchDatabase } from './scratchDatabase';

/** PostgreSQL admin URL (e.g. postgres://postgres@127.0.0.1:5432/postgres); when set, suites also run on PostgreSQL. */
const adminUrl = process.env.TEST_DATABASE_URL;

/** The database drivers every DB-touching suite runs against. */
export const drivers: readonly DatabaseDriver[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Direct access for arranging data the API cannot create yet (other users, sessions). */
  db: Database;
  /** The PostgreSQL pool under `db` (null on PGlite), for engines a test makes on the app's database. */
  pool: DatabaseHandle['pool'];
  close(): Promise<void>;
}

interface TestAppOptions {
  /** Environment variables on top of the test defaults (in-memory PGlite, silent logs, no build). */
  env?: Record<string, string>;
  now?: () => Date;
  /** Market data instead of the embedded simulator (e.g. a SimulatedMarket the test ticks by hand). */
  market?: MarketDataProvider;
  /** Where the app's log lines go (with `env: { LOG_LEVEL }`), e.g. to read them in a test. */
  logStream?: DestinationStream;
  /** Milliseconds between server metrics samples (default 5 s). */
  metricsSampleIntervalMs?: number;
}

/** The test defaults (in-memory PGlite, silent logs, no build) with `env` on top. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    STATIC_DIR: '/nonexistent-static-dir',
    ...env,
  });
}

/**
 * A ready app on a fresh database: in-memory PGlite, or a new PostgreSQL database `test_<random>`
 * created through TEST_DATABASE_URL and dropped again by `close()`.
 */
export async function createTestApp(driver: DatabaseDriver, options: TestAppOptions = {}): Promise<TestApp> {
  const scratch = driver === 'postgres' ? await createScratchDatabase(requireAdminUrl(), 'test') : undefined;
  const config = testConfig({ ...(scratch && { DATABASE_URL: scratch.url }), ...options.env });
  let database: DatabaseHandle | undefined;
  try {
    database = await createDatabase(config, console, { pgliteTemplate: scratch ? undefined : await pgliteTemplate() });
    const app = await buildApp({
      config,
      database,
      now: options.now,
      market: options.market,
      logStream: options.logStream,
      metricsSampleIntervalMs: options.metricsSampleIntervalMs,
    });
    const opened = database;
    return {
      app,
      config,
      db: opened.db,
      pool: opened.pool,
      async close() {
        await app.close();
        await opened.close();
        await scratch?.drop();
      },
    };
  } catch (error) {
    await database?.close();
    await scratch?.drop();
    throw error;
  }
}

function requireAdminUrl(): string {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return adminUrl;
}

export interface GraphQLResponse<TData> {
  data?: TData | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** POSTs an operation to /graphql; the token defaults to the single-user token, null sends none. */
export async function graphql<TData = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  options: { variables?: Record<string, unknown>; token?: string | null } = {},
): Promise<GraphQLResponse<TData>> {
  const token = options.token === undefined ? SINGLE_USER_TOKEN : options.token;
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...(token !== null && { authorization: `Bearer ${token}` }) },
    payload: { query, variables: options.variables },
  });
  return response.json<GraphQLResponse<TData>>();
}

/** A second user with default preferences and a session; returns its id and bearer token. */
export async function createUserWithSession(
  db: Database,
  session: { expiresAt?: Date; revokedAt?: Date } = {},
): Promise<{ id: string; token: string }> {
  const [user] = await db
    .insert(users)
    .values({ email: `user-${randomUUID()}@example.test`, isVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await db.insert(preferences).values({ userId: user.id, ...DEFAULT_PREFERENCES });
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: session.expiresAt ?? new Date(Date.now() + 24 * 60 * 60 * 1000),
    revokedAt: session.revokedAt,
  });
  return { id: user.id, token };
}

/**
 * Resolves with the next item of a subscription, calling `trigger` every `everyMs` (100) meanwhile (a graphql-ws
 * subscription starts asynchronously, so the first event is provoked until one arrives). A trigger that moves a
 * clock the item's content depends on wants a longer interval, so a loaded machine's slow delivery is not taken for
 * a missing item and the clock is not moved again before it arrives.
 */
export async function nextWhile<T>(
  iterator: AsyncIterator<T>,
  trigger: () => Promise<unknown>,
  everyMs = 100,
): Promise<T> {
  const next = iterator.next();
  let settled = false;
  void next.finally(() => (settled = true)).catch(() => undefined);
  while (!settled) {
    await trigger();
    await Promise.race([next, new Promise((resolve) => setTimeout(resolve, everyMs))]);
  }
  const result = await next;
  if (result.done) throw new Error('subscription ended');
  return result.value;
}

/**
 * A graphql-ws client for a server listening at `address` (http://host:port), signed in with `token`; no retries.
 * `options` go on top (e.g. `on` listeners).
 */
export function graphqlWsClient(address: string, token: string, options: Partial<ClientOptions> = {}): Client {
  return createClient({
    url: `${address.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    ...options,
  });
}

/** The status a graphql-transport-ws upgrade to `url` gets with these options (headers, origin): 101 when it opens. */
export function upgradeStatus(url: string, options: WebSocket.ClientOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', options);
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      socket.terminate();
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
}
