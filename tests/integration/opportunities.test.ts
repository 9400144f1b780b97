// Opportunity alerts (issue 16 point 3) on a market ticked by hand: a followed scan's hits that fit the user's risk
// tolerance become alerts once per setup and bar; an active strategy's entry signal becomes an alert delivered by the
// opportunityAlerts subscription and a Web Push message; list, unreadOnly, limit, mark read (one, all), followed
// scans, NOT_FOUND and bad input. The scan path runs the real scanner and opportunity service on the app's database
// (the app's own background scan runs each minute of wall time; here `scanAll` is that scan, run on demand).
import { eq } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { opportunityAlerts, preferences } from '../../server/db/schema';
import { createEventBus } from '../../server/events';
import { createOpportunityService, HITS_PER_SCAN } from '../../server/services/opportunities';
import { createScannerService } from '../../server/services/scanner';
import { MINUTE_MS } from '../../src/domain/market/calendar';
import { canonicalJson } from '../../src/domain/strategies';
import { startPushService, type PushServiceFixture } from '../fixtures/pushService';
import { createUserWithSession, drivers, graphql, graphqlWsClient, nextWhile } from './helpers';
import { createTradingTestApp, everyBarStrategy, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

const FIELDS = `id symbol strategyId confidence potentialReturn riskLevel timeToExpiry reasoning createdAt isRead
  source scanType sampleSize`;
const LIST = `query L($limit: Int, $unreadOnly: Boolean) { opportunityAlerts(limit: $limit, unreadOnly: $unreadOnly) { ${FIELDS} } }`;
const silentLog = { error: () => undefined };

interface Alert {
  id: string;
  symbol: string;
  strategyId: string | null;
  confidence: number;
  potentialReturn: number;
  riskLevel: string;
  timeToExpiry: number;
  reasoning: string;
  isRead: boolean;
  source: string;
  scanType: string | null;
  sampleSize: number;
}

describe.each(drivers)('opportunity alerts (%s)', (driver) => {
  let t: TradingTestApp;
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  let client: Client | undefined;
  let pushService: PushServiceFixture;

  const call = <T>(query: string, variables: Record<string, unknown> = {}, token = user.token) =>
    graphql<T>(t.app, query, { token, variables });
  const list = async (variables: Record<string, unknown> = {}, token = user.token) => {
    const { data, errors } = await call<{ opportunityAlerts: Alert[] }>(LIST, variables, token);
    expect(errors).toBeUndefined();
    return data!.opportunityAlerts;
  };
  const rowsOf = (userId: string) => t.db.select().from(opportunityAlerts).where(eq(opportunityAlerts.userId, userId));

  beforeAll(async () => {
    pushService = await startPushService();
    t = await createTradingTestApp(driver, { start: WEDNESDAY_1100, seed: 'opportunities-test' });
    user = await createUserWithSession(t.db);
    other = await createUserWithSession(t.db);
  }, 60_000);
  afterAll(async () => {
    await client?.dispose();
    await t?.close();
    await pushService?.close();
  });

  it('follows and unfollows scan types; an unknown one is refused naming the field', async () => {
    const follow = (scanType: string) =>
      call<{ followScan: string[] }>('mutation F($s: ScanType!) { followScan(scanType: $s) }', { s: scanType });
    expect((await follow('RSI_OVERSOLD')).data!.followScan).toEqual(['RSI_OVERSOLD']);
    expect((await follow('MOST_ACTIVE')).data!.followScan).toEqual(['MOST_ACTIVE', 'RSI_OVERSOLD']);
    expect((await follow('MOST_ACTIVE')).data!.followScan).toEqual(['MOST_ACTIVE', 'RSI_OVERSOLD']);
    const unfollowed = await call<{ unfollowScan: string[] }>('mutation { unfollowScan(scanType: RSI_OVERSOLD) }');
    expect(unfollowed.data!.unfollowScan).toEqual(['MOST_ACTIVE']);
    expect((await call<{ followedScans: string[] }>('{ followedScans }')).data!.followedScans).toEqual(['MOST_ACTIVE']);
    expect((await call<{ followedScans: string[] }>('{ followedScans }', {}, other.token)).data!.followedScans).toEqual(
      [],
    );
    const bad = await follow('SIDEWAYS');
    expect(bad.errors?.[0]?.message).toMatch(/scanType|ScanType/);
  });

  it('turns a followed scan’s fitting hits into one alert per setup and bar, whatever the scans repeat', async () => {
    await t.db.update(preferences).set({ riskTolerance: 'aggressive' }).where(eq(preferences.userId, user.id));
    const scanner = createScannerService({ market: t.market, now: () => new Date(t.clock()), log: silentLog });
    const pushed: unknown[][] = [];
    const service = createOpportunityService({
      db: t.db,
      events: createEventBus(),
      market: t.market,
      notify: async (...args) => void pushed.push(args),
      now: () => new Date(t.clock()),
      log: silentLog,
    });
    scanner.onHits(service.onHits);
    try {
      const [mostActive] = (await scanner.scanAll()).filter((run) => run.scanType === 'MOST_ACTIVE');
      await service.idle();
      const first = await list();
      expect(first.length).toBeGreaterThan(0);
      const considered = mostActive!.hits.slice(0, HITS_PER_SCAN).map((hit) => hit.symbol);
      for (const alert of first) {
        expect(considered).toContain(alert.symbol);
        expect(alert).toMatchObject({ source: 'SCAN', scanType: 'MOST_ACTIVE', strategyId: null, isRead: false });
        expect(alert.sampleSize).toBeGreaterThanOrEqual(5);
        expect(alert.potentialReturn).toBeGreaterThan(0);
        expect(alert.confidence).toBeGreaterThanOrEqual(0.5);
        expect(alert.reasoning).toContain(`Sample size ${alert.sampleSize} `);
        expect(alert.reasoning).toMatch(/^Most active on [A-Z.]+: [\d.]+[KMB]? shares traded today\./);
        expect(alert.timeToExpiry).toBeGreaterThan(0);
      }
      expect(new Set(first.map((alert) => alert.symbol)).size).toBe(first.length);
      // Each alert pushed with the preferences read with the followers (not loaded again per alert).
      const [row] = await t.db.select().from(preferences).where(eq(preferences.userId, user.id));
      expect(pushed).toEqual(
        first.map(() => [user.id, expect.objectContaining({ kind: 'opportunity' }), row!.notifications]),
      );

      // The same session again (the scan repeated, the market ticked): still one alert per setup.
      await scanner.scanAll();
      t.tick(MINUTE_MS);
      await scanner.scanAll();
      await service.idle();
      expect((await list()).map((alert) => alert.id).sort()).toEqual(first.map((alert) => alert.id).sort());
      // Nobody else follows a scan: no alert for them.
      expect(await rowsOf(other.id)).toEqual([]);
    } finally {
      await service.close();
      scanner.close();
    }
  });

  it('lists newest first with unreadOnly and limit (1–20), marks one read, then all', async () => {
    const all = await list();
    // The Dashboard's topOpportunities lead with the unread alerts (newest first), then the market-wide RSI list.
    const top = async () =>
      (
        await call<{
          dashboardOverview: { aiInsights: { topOpportunities: { symbol: string; alertId: string | null }[] } };
        }>('{ dashboardOverview { aiInsights { topOpportunities { symbol alertId } } } }')
      ).data!.dashboardOverview.aiInsights.topOpportunities;
    const leading = (await top()).filter((entry) => entry.alertId !== null);
    expect(leading.length).toBeGreaterThan(0);
    expect(leading.map((entry) => entry.alertId)).toEqual(
      all.filter((alert) => leading.some((entry) => entry.alertId === alert.id)).map((alert) => alert.id),
    );
    expect((await top()).slice(0, leading.length)).toEqual(leading);
    expect(await list({ limit: 1 })).toEqual([all[0]]);
    for (const limit of [0, 21]) {
      const { errors } = await call(LIST, { limit });
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
    }
    const MARK = `mutation M($id: ID!) { markOpportunityAlertRead(id: $id) { ${FIELDS} } }`;
    const marked = await call<{ markOpportunityAlertRead: Alert }>(MARK, { id: all[0]!.id });
    expect(marked.data!.markOpportunityAlertRead).toMatchObject({ id: all[0]!.id, isRead: true });
    // The Dashboard drops it at once, within the same market snapshot (the app's clock stands still).
    expect((await top()).map((entry) => entry.alertId)).not.toContain(all[0]!.id);
    expect((await list({ unreadOnly: true })).map((a) => a.id)).toEqual(all.slice(1).map((a) => a.id));

    // Another user's id is NOT_FOUND, and changes nothing.
    const foreign = await call(MARK, { id: all[1]?.id ?? all[0]!.id }, other.token);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const none = await call(MARK, { id: '00000000-0000-4000-8000-000000000000' });
    expect(none.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const allRead = await call<{ markAllOpportunityAlertsRead: number }>('mutation { markAllOpportunityAlertsRead }');
    expect(allRead.data!.markAllOpportunityAlertsRead).toBe(all.length - 1);
    expect(await list({ unreadOnly: true })).toEqual([]);
    expect((await list()).every((alert) => alert.isRead)).toBe(true);
    expect((await top()).filter((entry) => entry.alertId !== null)).toEqual([]);
  });

  it('alerts on an active strategy’s entry signal, once per bar, through the subscription and a push message', async () => {
    const device = pushService.subscription();
    const subscribed = await call(
      'mutation S($endpoint: String!, $p256dh: String!, $auth: String!) { subscribePush(endpoint: $endpoint, p256dh: $p256dh, auth: $auth) { endpoint } }',
      { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
    );
    expect(subscribed.errors).toBeUndefined();
    const created = await call<{ createStrategy: { id: string } }>(
      'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
      { input: { name: 'Every bar', code: canonicalJson(everyBarStrategy(['AAPL'])) } },
    );
    const strategyId = created.data!.createStrategy.id;
    await call('mutation A($id: ID!) { activateStrategy(id: $id) { isActive } }', { id: strategyId });

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    client = graphqlWsClient(address, user.token);
    const pushes = client.iterate<{ opportunityAlerts: Alert }>({
      query: `subscription { opportunityAlerts { ${FIELDS} } }`,
    });
    // Until the subscription is open, each round closes a minute bar (every other bar is an entry). A round waits
    // a second for the push: a second bar closed before an alert arrives would leave it at or past its expiry.
    const pushed = await nextWhile(
      pushes,
      async () => {
        t.tick(MINUTE_MS - (t.clock() % MINUTE_MS) + 1000);
      },
      1000,
    );
    const alert = pushed.data!.opportunityAlerts;
    expect(alert).toMatchObject({ symbol: 'AAPL', strategyId, source: 'STRATEGY', scanType: null, isRead: false });
    expect(alert.reasoning).toMatch(/^Strategy "Every bar" signals an entry on AAPL: close at \d+\.\d\d is above 0\. /);
    expect(alert.reasoning).toContain(`Sample size ${alert.sampleSize} `);
    expect(alert.timeToExpiry).toBeGreaterThan(0);
    expect(alert.timeToExpiry).toBeLessThanOrEqual(120);

    const strategyRows = (await rowsOf(user.id)).filter((row) => row.source === 'STRATEGY');
    expect(strategyRows.map((row) => row.id)).toContain(alert.id);
    // One alert per entry bar: no two rows share a bar.
    expect(new Set(strategyRows.map((row) => row.barTime.getTime())).size).toBe(strategyRows.length);
    expect((await list({ unreadOnly: true })).map((a) => a.id)).toContain(alert.id);

    // The device is told too (the runner's fills are pushed beside it: portfolioUpdates is on by default).
    await vi.waitFor(
      () =>
        expect(device.messages.map((m) => m.payload)).toContainEqual(
          expect.objectContaining({ tag: `opportunity:${alert.id}` }),
        ),
      { timeout: 10_000 },
    );
    expect(device.messages.map((m) => m.payload)).toContainEqual({
      title: 'Opportunity: AAPL',
      body: alert.reasoning,
      url: '/stock/AAPL',
      tag: `opportunity:${alert.id}`,
      kind: 'opportunity',
    });
  });
});
