import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { ACTIVITY_WRITE_INTERVAL_MS, hashToken, SESSION_CACHE_TTL_MS } from '../../server/services/auth';
import { SimulatedMarket } from '../../server/services/market';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

/**
 * The session, account, preferences and dashboard activity caches (server/services/auth, users,
 * preferences, dashboard) answer like the database would: every change made through this process shows at
 * once. Each check below happens well within the caches' time to live, so a cache that kept a stale entry
 * fails it.
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

describe.each(drivers)('dashboard activity cache and its invalidation (%s)', (driver) => {
  const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
  let testApp: TestApp;
  let market: SimulatedMarket;
  let clock = WEDNESDAY_1100;

  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'caches-test', now: clock });
    testApp = await createTestApp(driver, { market, now: () => new Date(clock) });
    for (let i = 0; i < 10; i++) market.tick((clock += 30_000));
  });
  afterAll(() => testApp?.close());

  interface Activity {
    dashboardOverview: {
      portfolio: { cash: number; positions: { symbol: string; quantity: number }[] };
      recentActivity: { recentOrders: { id: string; status: string }[]; summary: { totalTrades: number } };
    };
  }
  const activity = async () => {
    const { data, errors } = await graphql<Activity>(
      testApp.app,
      `
        {
          dashboardOverview {
            portfolio {
              cash
              positions {
                symbol
                quantity
              }
            }
            recentActivity {
              recentOrders {
                id
                status
              }
              summary {
                totalTrades
              }
            }
          }
        }
      `,
    );
    expect(errors).toBeUndefined();
    return data!.dashboardOverview;
  };
  const place = async (input: Record<string, unknown>) => {
    const { data, errors } = await graphql<{ placeOrder: { id: string; status: string } }>(
      testApp.app,
      'mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id status } }',
      { variables: { input } },
    );
    expect(errors).toBeUndefined();
    return data!.placeOrder;
  };

  it("shows an order placed, filled or cancelled at once, within the same market snapshot (the app's clock stands still)", async () => {
    const before = await activity();
    expect(await activity()).toEqual(before);

    const buy = await place({ symbol: 'KO', side: 'BUY', type: 'MARKET', quantity: 5 });
    expect(buy.status).toBe('FILLED');
    const filled = await activity();
    expect(filled.portfolio.positions).toContainEqual({ symbol: 'KO', quantity: 5 });
    expect(filled.portfolio.cash).toBeLessThan(before.portfolio.cash);
    expect(filled.recentActivity.recentOrders[0]).toEqual({ id: buy.id, status: 'FILLED' });
    expect(filled.recentActivity.summary.totalTrades).toBe(before.recentActivity.summary.totalTrades + 1);

    const price = market.getQuote('KO')!.bid;
    const resting = await place({
      symbol: 'KO',
      side: 'BUY',
      type: 'LIMIT',
      quantity: 1,
      price: Math.floor(price / 2),
    });
    expect((await activity()).recentActivity.recentOrders[0]).toEqual({ id: resting.id, status: resting.status });
    const cancelled = await graphql(testApp.app, 'mutation C($id: ID!) { cancelOrder(id: $id) { id } }', {
      variables: { id: resting.id },
    });
    expect(cancelled.errors).toBeUndefined();
    expect((await activity()).recentActivity.recentOrders[0]).toEqual({ id: resting.id, status: 'CANCELLED' });
  });
});
