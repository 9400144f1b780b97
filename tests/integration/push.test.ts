import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { opportunityAlerts, pushSubscriptions } from '../../server/db/schema';
import { startPushService, type PushServiceFixture, type TestPushSubscription } from '../fixtures/pushService';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, placed, type TradingTestApp } from './ordersSetup';

const SUBSCRIBE = `mutation S($endpoint: String!, $p256dh: String!, $auth: String!, $device: String) {
  subscribePush(endpoint: $endpoint, p256dh: $p256dh, auth: $auth, device: $device) { endpoint device createdAt lastSuccessAt }
}`;
const UNSUBSCRIBE = 'mutation U($endpoint: String!) { unsubscribePush(endpoint: $endpoint) }';
type User = { id: string; token: string };

describe.each(drivers)('Web Push notifications (%s)', (driver) => {
  let testApp: TradingTestApp;
  let pushService: PushServiceFixture;
  beforeAll(async () => {
    pushService = await startPushService();
    testApp = await createTradingTestApp(driver, { seed: 'push-test' });
  });
  afterAll(async () => {
    await testApp.close();
    await pushService.close();
    expect(pushService.failures).toEqual([]);
  });

  const subscribe = (user: User, sub: Pick<TestPushSubscription, 'endpoint' | 'p256dh' | 'auth'>, device?: string) =>
    graphql<{ subscribePush: { endpoint: string; device: string | null } }>(testApp.app, SUBSCRIBE, {
      token: user.token,
      variables: { endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, device },
    });
  const subscribedUser = async () => {
    const user = await createUserWithSession(testApp.db);
    const sub = pushService.subscription();
    expect((await subscribe(user, sub, 'Chrome on Android')).errors).toBeUndefined();
    return { user, sub };
  };
  const setNotifications = async (user: User, notifications: Record<string, boolean>) => {
    const result = await graphql(
      testApp.app,
      'mutation P($input: PreferencesInput!) { updatePreferences(input: $input) { id } }',
      { token: user.token, variables: { input: { notifications } } },
    );
    expect(result.errors).toBeUndefined();
  };
  const buy = (user: User, symbol = 'AAPL') =>
    placed(testApp.app, { symbol, side: 'BUY', type: 'MARKET', quantity: 1 }, user.token);

  it('hands out the VAPID public key and stores, lists and removes a device’s subscription', async () => {
    const { user, sub } = await subscribedUser();
    const config = await graphql<{ pushConfig: { publicKey: string; enabled: boolean } }>(
      testApp.app,
      '{ pushConfig { publicKey enabled } }',
      { token: user.token },
    );
    expect(config.data!.pushConfig.enabled).toBe(true);
    expect(Buffer.from(config.data!.pushConfig.publicKey, 'base64url')).toHaveLength(65);
    const again = await subscribe(user, sub, 'Chrome on Android');
    expect(again.data!.subscribePush).toMatchObject({ endpoint: sub.endpoint, device: 'Chrome on Android' });
    const list = await graphql<{ pushSubscriptions: { endpoint: string }[] }>(
      testApp.app,
      '{ pushSubscriptions { endpoint device createdAt lastSuccessAt } }',
      { token: user.token },
    );
    expect(list.data!.pushSubscriptions.map((s) => s.endpoint)).toEqual([sub.endpoint]);

    const other = await createUserWithSession(testApp.db);
    const notTheirs = await graphql(testApp.app, UNSUBSCRIBE, {
      token: other.token,
      variables: { endpoint: sub.endpoint },
    });
    expect(notTheirs.data).toEqual({ unsubscribePush: false });
    const mine = await graphql(testApp.app, UNSUBSCRIBE, { token: user.token, variables: { endpoint: sub.endpoint } });
    expect(mine.data).toEqual({ unsubscribePush: true });
    expect(await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const user = await createUserWithSession(testApp.db);
    const good = pushService.subscription();
    const cases: [Partial<typeof good>, string][] = [
      [{ endpoint: 'http://push.example.com/x' }, 'endpoint'],
      [{ endpoint: 'not a url' }, 'endpoint'],
      [{ endpoint: 'ftp://push.example.com/x' }, 'endpoint'],
      [{ p256dh: good.p256dh.slice(4) }, 'p256dh'],
      [{ p256dh: 'not base64url!' }, 'p256dh'],
      [{ auth: Buffer.alloc(8).toString('base64url') }, 'auth'],
    ];
    for (const [bad, field] of cases) {
      const result = await subscribe(user, { ...good, ...bad });
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(result.errors?.[0]?.message).toContain(field);
    }
    const since = await graphql(testApp.app, '{ missedNotifications(since: "yesterday") { kind } }', {
      token: user.token,
    });
    expect(since.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'since' });
    for (let i = 0; i < 10; i += 1) expect((await subscribe(user, pushService.subscription())).errors).toBeUndefined();
    const eleventh = await subscribe(user, pushService.subscription());
    expect(eleventh.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'endpoint' });
    expect(await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(
      10,
    );
  });

  it('pushes a filled order and a triggered price alert, encrypted for the device and VAPID-signed', async () => {
    const { user, sub } = await subscribedUser();
    const order = await buy(user);
    const fill = await sub.next();
    expect(fill.payload).toEqual({
      title: 'Order filled: AAPL',
      body: `Bought 1 AAPL at $${order.averageFillPrice!.toFixed(2)}`,
      url: '/activity',
      tag: `order:${order.id}`,
      kind: 'fill',
    });
    expect(fill.claims.aud).toBe(pushService.origin);
    expect(Number(fill.ttl)).toBeGreaterThan(0);

    const price = testApp.market.getQuote('MSFT')!.price;
    const created = await graphql<{ createAlert: { id: string } }>(
      testApp.app,
      'mutation C($input: CreateAlertInput!) { createAlert(input: $input) { id } }',
      {
        token: user.token,
        variables: { input: { symbol: 'MSFT', condition: 'above', triggerPrice: Math.round(price * 50) / 100 } },
      },
    );
    expect(created.errors).toBeUndefined();
    const alert = sub.next();
    await vi.waitFor(() => {
      testApp.tick();
      expect(sub.messages).toHaveLength(2);
    });
    expect((await alert).payload).toMatchObject({
      title: 'Price alert: MSFT',
      url: '/stock/MSFT',
      tag: `alert:${created.data!.createAlert.id}`,
      kind: 'alert',
    });
    expect((await alert).urgency).toBe('high');
    const [row] = await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(row!.lastSuccessAt).not.toBeNull();

    await testApp.db.insert(opportunityAlerts).values({
      userId: user.id,
      symbol: 'NVDA',
      source: 'SCAN',
      scanType: 'RSI_OVERSOLD',
      setupKey: 'scan:RSI_OVERSOLD:NVDA',
      barTime: new Date(testApp.clock()),
      confidence: 0.6,
      potentialReturn: 0.02,
      riskLevel: 'medium',
      expiresAt: new Date(testApp.clock() + 60 * 60 * 1000),
      reasoning: 'RSI 24 is oversold',
      sampleSize: 40,
      createdAt: new Date(testApp.clock()),
    });
    const missed = await graphql<{ missedNotifications: { kind: string; url: string }[] }>(
      testApp.app,
      `{ missedNotifications(since: "${new Date(testApp.clock() - 60 * 60 * 1000).toISOString()}") { kind title body url occurredAt } }`,
      { token: user.token },
    );
    expect(missed.data!.missedNotifications.map((m) => [m.kind, m.url]).sort()).toEqual([
      ['alert', '/stock/MSFT'],
      ['fill', '/activity'],
      ['opportunity', '/stock/NVDA'],
    ]);
  });

  it('sends nothing when push or the kind’s preference is off', async () => {
    const off = await subscribedUser();
    await setNotifications(off.user, { push: false });
    const noFills = await subscribedUser();
    await setNotifications(noFills.user, { portfolioUpdates: false });
    const on = await subscribedUser();
    await buy(off.user);
    await buy(noFills.user);
    await buy(on.user);
    await on.sub.next();
    expect(off.sub.messages).toEqual([]);
    expect(noFills.sub.messages).toEqual([]);
  });

  it('removes a subscription the push service answers 410 or 404 for', async () => {
    for (const status of [410, 404]) {
      const { user, sub } = await subscribedUser();
      sub.status = status;
      await buy(user);
      await sub.next();
      await vi.waitFor(async () =>
        expect(await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual(
          [],
        ),
      );
    }
  });

  it('(the fixture) refuses a request whose VAPID signature does not match its key', async () => {
    const sub = pushService.subscription();
    const keys = webpush.generateVAPIDKeys();
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub }, 'hello', {
      vapidDetails: { subject: 'mailto:a@example.com', publicKey: keys.publicKey, privateKey: keys.privateKey },
    });
    const other = webpush.generateVAPIDKeys().publicKey;
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    headers.Authorization = headers.Authorization!.replace(/k=[\w-]+$/, `k=${other}`);
    const response = await fetch(sub.endpoint, { method: 'POST', headers, body: new Uint8Array(details.body) });
    expect(response.status).toBe(401);
    expect(pushService.failures.splice(0)).toEqual(['JWT signature does not match k']);
  });
});
