/**
 * A logout on one server process ends the session on the others (issue 12 point 7): two apps on one PostgreSQL
 * database and one Redis, as two processes behind a load balancer. A session used on A (so cached there for up
 * to 30 s) and logged out through B is refused by A within a second, and its WebSocket on A is closed with 4401;
 * the user's other session goes on working on A.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../../server/config';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { sessions } from '../../server/db/schema';
import { hashToken } from '../../server/services/auth';
import { redisSkipReason, startRedisServer, type RedisTestServer } from '../fixtures/redisServer';
import { createUserWithSession, graphql, graphqlWsClient } from './helpers';
import { createScratchDatabase } from './scratchDatabase';

const adminUrl = process.env.TEST_DATABASE_URL;
const skipReason = adminUrl ? redisSkipReason() : 'TEST_DATABASE_URL is not set';
const ME = '{ me { id } }';

/** Polls `check` every 20 ms until it holds; resolves with the milliseconds it took (throws after `timeoutMs`). */
async function within(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

describe.skipIf(skipReason)(
  `session revocation across processes${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let redis: RedisTestServer;
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let setup: DatabaseHandle;
    let a: FastifyInstance;
    let b: FastifyInstance;
    const clients: Client[] = [];

    beforeAll(async () => {
      redis = await startRedisServer();
      scratch = await createScratchDatabase(adminUrl ?? '', 'redis');
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        AUTH_MODE: 'otp',
        DATA_DIR: IN_MEMORY_DATA_DIR,
        STATIC_DIR: '/nonexistent-static-dir',
        DATABASE_URL: scratch.url,
        REDIS_URL: redis.url,
      });
      // Each app opens (and closes) its own pool, as a process would; one after the other, as migrations run on open.
      setup = await createDatabase(config, console);
      a = await buildApp({ config });
      b = await buildApp({ config });
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.dispose()));
      await a?.close();
      await b?.close();
      await setup?.close();
      await scratch?.drop();
      await redis?.stop();
    });

    it('a logout through B is refused on A within a second, and closes its socket on A with 4401', async () => {
      const user = await createUserWithSession(setup.db);
      const keptToken = randomBytes(32).toString('base64url');
      await setup.db
        .insert(sessions)
        .values({ userId: user.id, tokenHash: hashToken(keptToken), expiresAt: new Date(Date.now() + 3_600_000) });
      const accepted = async (app: FastifyInstance, token: string) =>
        (await graphql<{ me: { id: string } }>(app, ME, { token })).data?.me.id === user.id;
      // Used on A: A now trusts the session from its cache.
      expect(await accepted(a, user.token)).toBe(true);
      expect(await accepted(a, keptToken)).toBe(true);

      const address = await a.listen({ port: 0, host: '127.0.0.1' });
      const closes: { code: number; at: number }[] = [];
      let updates = 0;
      const client = graphqlWsClient(address, user.token, {
        on: { closed: (event) => closes.push({ code: (event as { code: number }).code, at: performance.now() }) },
      });
      clients.push(client);
      client.subscribe(
        { query: 'subscription { preferencesUpdated { defaultTimeframe } }' },
        { next: () => (updates += 1), error: () => undefined, complete: () => undefined },
      );
      // The subscription is live once an update made through B (so through Redis) reaches it on A.
      await within(async () => {
        await graphql(b, 'mutation { updatePreferences(input: { defaultTimeframe: "5m" }) { id } }', {
          token: keptToken,
        });
        return updates > 0;
      }, 5000);

      const loggedOutAt = performance.now();
      const logout = await b.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(logout.statusCode).toBe(200);
      const refusedAfter = await within(async () => !(await accepted(a, user.token)), 1000);
      await within(() => closes.length > 0, 1000);
      console.log(`logout through B: refused on A after ${Math.round(refusedAfter)} ms`);

      const answer = await graphql(a, ME, { token: user.token });
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(closes[0]?.code).toBe(4401);
      expect(closes[0]!.at - loggedOutAt).toBeLessThan(1000);
      // Only that session ended: the user's other session is still accepted on A, from its cache or the database.
      expect(await accepted(a, keptToken)).toBe(true);
      expect(await accepted(b, keptToken)).toBe(true);
    });
  },
);
