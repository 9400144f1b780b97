import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { ACTIVITY_WRITE_INTERVAL_MS, hashToken, SESSION_CACHE_TTL_MS } from '../../server/services/auth';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

/**
 * The session, account and preferences caches (server/services/auth, users, preferences) answer like the
 * database would: every change made through this process shows at once. Each check below happens well
 * within the caches' time to live, so a cache that kept a stale entry fails it.
 */
describe.each(drivers)('caches and their invalidation (%s)', (driver) => {
  let testApp: TestApp;
  let clock = Date.now();
  const advance = (ms: number) => (clock += ms);

  beforeAll(async () => {
    testApp = await createTestApp(driver, { now: () => new Date(clock), env: { AUTH_MODE: 'otp' } });
  });
  afterAll(() => testApp?.close());
  // The helper's sessions start now (real time): each test starts there again.
  beforeEach(() => {
    clock = Date.now();
  });

  const me = (token: string) => graphql<{ me: { id: string } }>(testApp.app, '{ me { id } }', { token });
  const refused = async (token: string) => (await me(token)).errors?.[0]?.extensions?.code;
  const restStatus = async (token: string) =>
    (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/errors',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      })
    ).statusCode;
  const storedActivity = async (token: string) => {
    const [row] = await testApp.db
      .select({ lastActivity: sessions.lastActivity })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row?.lastActivity.getTime();
  };

  it('refuses a session at once after logout, over GraphQL and REST, and keeps the other sessions', async () => {
    const user = await createUserWithSession(testApp.db);
    const other = await createUserWithSession(testApp.db);
    for (let i = 0; i < 3; i++) expect((await me(user.token)).data?.me.id).toBe(user.id);
    expect(await restStatus(user.token)).not.toBe(401);
    const out = await graphql<{ logout: { success: boolean } }>(testApp.app, 'mutation { logout { success } }', {
      token: user.token,
    });
    expect(out.data?.logout.success).toBe(true);
    expect(await refused(user.token)).toBe('UNAUTHENTICATED');
    expect(await restStatus(user.token)).toBe(401);
    expect((await me(other.token)).data?.me.id).toBe(other.id);
  });

  it('refuses a session at once after logout over REST', async () => {
    const user = await createUserWithSession(testApp.db);
    expect((await me(user.token)).data?.me.id).toBe(user.id);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(await refused(user.token)).toBe('UNAUTHENTICATED');
  });

  it('refuses a cached session once its absolute expiry passes', async () => {
    const user = await createUserWithSession(testApp.db, { expiresAt: new Date(clock + 10_000) });
    expect((await me(user.token)).data?.me.id).toBe(user.id);
    advance(9_000);
    expect((await me(user.token)).data?.me.id).toBe(user.id);
    advance(1_000);
    expect(await refused(user.token)).toBe('UNAUTHENTICATED');
    expect(await restStatus(user.token)).toBe(401);
  });

  it('refuses expired and revoked sessions that were never cached', async () => {
    const expired = await createUserWithSession(testApp.db, { expiresAt: new Date(clock - 1) });
    const revoked = await createUserWithSession(testApp.db, { revokedAt: new Date(clock - 1) });
    expect(await refused(expired.token)).toBe('UNAUTHENTICATED');
    expect(await refused(revoked.token)).toBe('UNAUTHENTICATED');
  });

  it('sees a revocation written by another process within the session cache TTL', async () => {
    const user = await createUserWithSession(testApp.db);
    expect((await me(user.token)).data?.me.id).toBe(user.id);
    await testApp.db
      .update(sessions)
      .set({ revokedAt: new Date(clock) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    advance(SESSION_CACHE_TTL_MS);
    expect(await refused(user.token)).toBe('UNAUTHENTICATED');
  });

  it('writes a session’s activity at most once a minute, and ends it after 4 hours idle', async () => {
    const user = await createUserWithSession(testApp.db);
    await testApp.db
      .update(sessions)
      .set({ lastActivity: new Date(clock) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    const start = clock;
    for (let i = 0; i < 5; i++) {
      expect((await me(user.token)).data?.me.id).toBe(user.id);
      advance(10_000);
    }
    expect(await storedActivity(user.token)).toBe(start);
    advance(ACTIVITY_WRITE_INTERVAL_MS);
    const written = clock;
    expect((await me(user.token)).data?.me.id).toBe(user.id);
    expect(await storedActivity(user.token)).toBe(written);
    advance(4 * 60 * 60 * 1000);
    expect(await refused(user.token)).toBe('UNAUTHENTICATED');
  });

  it('answers me.preferences with an update at once, for that user only', async () => {
    const user = await createUserWithSession(testApp.db);
    const other = await createUserWithSession(testApp.db);
    const preferences = async (token: string) =>
      (
        await graphql<{ me: { preferences: { theme: string; notifications: { email: boolean; sms: boolean } } } }>(
          testApp.app,
          '{ me { preferences { theme notifications { email sms } } } }',
          { token },
        )
      ).data?.me.preferences;
    const before = await preferences(user.token);
    const otherBefore = await preferences(other.token);
    const theme = before?.theme === 'DARK' ? 'LIGHT' : 'DARK';
    const updated = await graphql(
      testApp.app,
      'mutation U($input: PreferencesInput!) { updatePreferences(input: $input) { id } }',
      { token: user.token, variables: { input: { theme, notifications: { sms: !before?.notifications.sms } } } },
    );
    expect(updated.errors).toBeUndefined();
    expect(await preferences(user.token)).toEqual({
      theme,
      notifications: { email: before?.notifications.email, sms: !before?.notifications.sms },
    });
    expect(await preferences(other.token)).toEqual(otherBefore);
  });
});
