import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/client';
import { sessions } from '../../server/db/schema';
import { createEventBus, type SessionEndedNotice } from '../../server/events';
import { createAuthenticator, hashToken } from '../../server/services/auth';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../../server/config';
import { createTestApp, createUserWithSession, drivers, graphql, graphqlWsClient, type TestApp } from './helpers';

const PREFERENCES_UPDATED = 'subscription { preferencesUpdated { defaultTimeframe } }';
type Update = { preferencesUpdated: { defaultTimeframe: string } };

/** Another session of the same user; returns its token. */
async function addSession(db: Database, userId: string, expiresAt = new Date(Date.now() + 24 * 3600_000)) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return token;
}

describe.each(drivers)('session revocation reaches sockets (%s)', (driver) => {
  let testApp: TestApp;
  let address: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    testApp = await createTestApp(driver);
    address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await testApp.close();
  });

  /** A signed-in client subscribed to preferencesUpdated; its events and closes are recorded with their time. */
  const connect = (token: string) => {
    const closes: { code: number; reason: string; at: number }[] = [];
    const events: { timeframe: string | undefined; at: number }[] = [];
    const client = graphqlWsClient(address, token, {
      on: {
        closed: (event) => {
          const { code, reason } = event as { code: number; reason: string };
          closes.push({ code, reason, at: Date.now() });
        },
      },
    });
    clients.push(client);
    client.subscribe<Update>(
      { query: PREFERENCES_UPDATED },
      {
        next: (result) => events.push({ timeframe: result.data?.preferencesUpdated.defaultTimeframe, at: Date.now() }),
        error: () => undefined,
        complete: () => undefined,
      },
    );
    return { events, closes };
  };
  const setTimeframe = (token: string, defaultTimeframe: string) =>
    graphql(testApp.app, 'mutation U($input: PreferencesInput!) { updatePreferences(input: $input) { id } }', {
      token,
      variables: { input: { defaultTimeframe } },
    });
  /** Calls `trigger` every 100 ms until `done` holds (at most 5 s). */
  async function until(done: () => boolean, trigger: () => Promise<unknown> = async () => undefined) {
    for (const started = Date.now(); !done();) {
      if (Date.now() - started > 5000) throw new Error('timed out');
      await trigger();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Two live subscriptions of one user, on two sessions. */
  async function twoSessions(revokedExpiresAt?: Date) {
    const user = await createUserWithSession(testApp.db);
    const revokedToken = await addSession(testApp.db, user.id, revokedExpiresAt);
    const revoked = connect(revokedToken);
    const kept = connect(user.token);
    await until(
      () => revoked.events.length > 0 && kept.events.length > 0,
      () => setTimeframe(user.token, '5m'),
    );
    return { user, revokedToken, revoked, kept };
  }

  /**
   * Asserts the revoked socket closed with 4401 within a second of `endedAt`, that no event of the user reaches it
   * afterwards, and that the other session's socket goes on receiving them.
   */
  async function expectOnlyRevokedClosed(setup: Awaited<ReturnType<typeof twoSessions>>, endedAt: number) {
    await until(() => setup.revoked.closes.length > 0);
    const [closed] = setup.revoked.closes;
    expect(closed).toMatchObject({ code: 4401, reason: expect.stringContaining('unauthorized') });
    expect(closed!.at - endedAt).toBeLessThan(1000);
    const receivedBeforeClose = setup.revoked.events.length;
    await until(
      () => setup.kept.events.some((event) => event.timeframe === '1w'),
      () => setTimeframe(setup.user.token, '1w'),
    );
    expect(setup.kept.closes).toEqual([]);
    expect(setup.revoked.events).toHaveLength(receivedBeforeClose);
    expect(setup.revoked.events.every((event) => event.at <= closed!.at)).toBe(true);
  }

  it('logout over GraphQL closes that session’s sockets, not the other session’s', async () => {
    const setup = await twoSessions();
    const revokedAt = Date.now();
    const answer = await graphql(testApp.app, 'mutation { logout { success } }', { token: setup.revokedToken });
    expect(answer.data).toEqual({ logout: { success: true } });
    await expectOnlyRevokedClosed(setup, revokedAt);
  });

  it('logout over REST closes that session’s sockets, not the other session’s', async () => {
    const setup = await twoSessions();
    const revokedAt = Date.now();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${setup.revokedToken}` },
    });
    expect(response.statusCode).toBe(200);
    await expectOnlyRevokedClosed(setup, revokedAt);
  });

  it('closes a socket when its session reaches its 24 h expiry', async () => {
    const expiresAt = Date.now() + 1500;
    const setup = await twoSessions(new Date(expiresAt));
    await expectOnlyRevokedClosed(setup, expiresAt);
  });
});

describe('revoking every session of a user', () => {
  it('stores the revocations, forgets the sessions and publishes one notice for the user', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: IN_MEMORY_DATA_DIR });
    const database = await createDatabase(config, console);
    try {
      const events = createEventBus();
      const authenticator = await createAuthenticator({
        db: database.db,
        authMode: 'otp',
        singleUserEmail: 'trader@localhost',
        now: () => new Date(),
        events,
      });
      const user = await createUserWithSession(database.db);
      const second = await addSession(database.db, user.id);
      expect(await authenticator.authenticate(second)).toEqual({ id: user.id });
      const notices: SessionEndedNotice[] = [];
      const subscription = events.subscribe('sessionEnded');
      const received = (async () => {
        for await (const notice of subscription) {
          notices.push(notice);
          break;
        }
      })();
      await authenticator.revokeUser(user.id);
      await received;
      expect(notices).toEqual([{ userId: user.id, sessionId: null }]);
      expect(await authenticator.authenticate(user.token)).toBeNull();
      expect(await authenticator.authenticate(second)).toBeNull();
      const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
