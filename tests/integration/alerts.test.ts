import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceAlerts } from '../../server/db/schema';
import { createEventBus } from '../../server/events';
import { createAlertService } from '../../server/services/alerts';
import { SimulatedMarket } from '../../server/services/market';
import {
  createTestApp,
  createUserWithSession,
  drivers,
  graphql,
  graphqlWsClient,
  nextWhile,
  type TestApp,
} from './helpers';

const FIELDS = 'id type symbol message condition isActive triggerPrice currentPrice createdAt triggeredAt isRead';

interface AlertResult {
  id: string;
  type: string;
  symbol: string;
  message: string;
  condition: 'above' | 'below';
  isActive: boolean;
  triggerPrice: number;
  currentPrice: number | null;
  createdAt: string;
  triggeredAt: string | null;
  isRead: boolean;
}

describe.each(drivers)('price alerts (%s)', (driver) => {
  let testApp: TestApp;
  let market: SimulatedMarket;
  let clock = Date.UTC(2026, 0, 7, 16, 0);
  let address: string;
  let token: string;
  let userId: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'alerts-test', now: clock, alwaysOpen: true });
    testApp = await createTestApp(driver, { market, now: () => new Date(clock) });
    address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token, id: userId } = await createUserWithSession(testApp.db));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await testApp.close();
  });

  const call = <T>(query: string, variables: Record<string, unknown> = {}, as = token) =>
    graphql<T>(testApp.app, query, { token: as, variables });
  const create = (input: Record<string, unknown>, as = token) =>
    call<{ createAlert: AlertResult }>(
      `mutation C($input: CreateAlertInput!) { createAlert(input: $input) { ${FIELDS} } }`,
      { input },
      as,
    );
  const list = (variables: Record<string, unknown> = {}, as = token) =>
    call<{ alerts: AlertResult[] }>(
      `query L($limit: Int, $unreadOnly: Boolean) { alerts(limit: $limit, unreadOnly: $unreadOnly) { ${FIELDS} } }`,
      variables,
      as,
    );
  const stored = (owner = userId) => testApp.db.select().from(priceAlerts).where(eq(priceAlerts.userId, owner));

  it('creates an active price alert with the default message, stored in cents', async () => {
    const result = await create({ symbol: 'aapl', condition: 'above', triggerPrice: 200 });
    expect(result.errors).toBeUndefined();
    expect(result.data?.createAlert).toMatchObject({
      type: 'price',
      symbol: 'AAPL',
      message: 'AAPL above $200.00',
      condition: 'above',
      isActive: true,
      triggerPrice: 200,
      currentPrice: null,
      triggeredAt: null,
      isRead: false,
    });
    const [row] = (await stored()).filter((r) => r.id === result.data?.createAlert.id);
    expect(row?.triggerPriceCents).toBe(20000);

    const custom = await create({ symbol: 'MSFT', condition: 'below', triggerPrice: 310.5, message: ' Buy the dip ' });
    expect(custom.data?.createAlert).toMatchObject({ message: 'Buy the dip', triggerPrice: 310.5 });
  });

  it('returns the first alert when the same client id is created again', async () => {
    const id = randomUUID();
    const first = await create({ id, symbol: 'NVDA', condition: 'below', triggerPrice: 100 });
    const again = await create({ id, symbol: 'NVDA', condition: 'above', triggerPrice: 999 });
    expect(again.errors).toBeUndefined();
    expect(again.data?.createAlert).toEqual(first.data?.createAlert);
    expect((await stored()).filter((row) => row.id === id)).toHaveLength(1);
  });

  it('refuses invalid alerts with BAD_USER_INPUT and writes nothing', async () => {
    const before = (await stored()).length;
    const cases: Record<string, unknown>[] = [
      { symbol: 'AAPL', condition: 'above', triggerPrice: 0 },
      { symbol: 'AAPL', condition: 'above', triggerPrice: -5 },
      { symbol: 'AAPL', condition: 'above', triggerPrice: 1.234 },
      { symbol: 'NOPE', condition: 'above', triggerPrice: 10 },
      { symbol: ' ', condition: 'above', triggerPrice: 10 },
      { id: 'not-a-uuid', symbol: 'AAPL', condition: 'above', triggerPrice: 10 },
      { symbol: 'AAPL', condition: 'above', triggerPrice: 10, message: 'x'.repeat(201) },
    ];
    for (const input of cases) {
      const result = await create(input);
      expect(result.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
    }
    const id = (await create({ symbol: 'KO', condition: 'above', triggerPrice: 70 })).data?.createAlert.id;
    const badUpdate = await call(
      'mutation U($id: ID!) { updateAlert(id: $id, input: { triggerPrice: 0.001 }) { id } }',
      {
        id,
      },
    );
    expect(badUpdate.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await stored()).toHaveLength(before + 1);
    const [row] = (await stored()).filter((r) => r.id === id);
    expect(row?.triggerPriceCents).toBe(7000);
  });

  it('updates, toggles, marks read and deletes an alert', async () => {
    const id = (await create({ symbol: 'TSLA', condition: 'above', triggerPrice: 300 })).data?.createAlert.id;
    const updated = await call<{ updateAlert: AlertResult }>(
      `mutation U($id: ID!, $input: UpdateAlertInput!) { updateAlert(id: $id, input: $input) { ${FIELDS} } }`,
      { id, input: { condition: 'below', triggerPrice: 250.25 } },
    );
    expect(updated.data?.updateAlert).toMatchObject({
      condition: 'below',
      triggerPrice: 250.25,
      message: 'TSLA below $250.25',
    });
    const off = await call<{ toggleAlert: AlertResult }>(
      'mutation T($id: ID!) { toggleAlert(id: $id, isActive: false) { isActive } }',
      { id },
    );
    expect(off.data?.toggleAlert.isActive).toBe(false);
    const read = await call<{ markAlertRead: AlertResult }>(
      'mutation R($id: ID!) { markAlertRead(id: $id) { isRead } }',
      {
        id,
      },
    );
    expect(read.data?.markAlertRead.isRead).toBe(true);
    const deleted = await call<{ deleteAlert: boolean }>('mutation D($id: ID!) { deleteAlert(id: $id) }', { id });
    expect(deleted.data?.deleteAlert).toBe(true);
    expect((await list()).data?.alerts.map((a) => a.id)).not.toContain(id);
    const again = await call('mutation D($id: ID!) { deleteAlert(id: $id) }', { id });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lists newest first with limit (default 50, at most 100) and unreadOnly', async () => {
    const reader = await createUserWithSession(testApp.db);
    const ids: string[] = [];
    for (const price of [10, 20, 30]) {
      clock += 1000;
      const created = await create({ symbol: 'AAPL', condition: 'below', triggerPrice: price }, reader.token);
      ids.push(created.data!.createAlert.id);
    }
    await call('mutation R($id: ID!) { markAlertRead(id: $id) { id } }', { id: ids[2] }, reader.token);
    expect((await list({}, reader.token)).data?.alerts.map((a) => a.id)).toEqual([...ids].reverse());
    expect((await list({ limit: 2 }, reader.token)).data?.alerts.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    expect((await list({ unreadOnly: true }, reader.token)).data?.alerts.map((a) => a.id)).toEqual([ids[1], ids[0]]);
    for (const limit of [0, 101]) {
      expect((await list({ limit }, reader.token)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it("refuses another user's alert with the same NOT_FOUND as a missing one", async () => {
    const id = (await create({ symbol: 'AMZN', condition: 'above', triggerPrice: 500 })).data?.createAlert.id;
    const other = await createUserWithSession(testApp.db);
    expect((await list({}, other.token)).data?.alerts).toEqual([]);
    const attempts = [
      'mutation M($id: ID!) { updateAlert(id: $id, input: { triggerPrice: 1 }) { id } }',
      'mutation M($id: ID!) { deleteAlert(id: $id) }',
      'mutation M($id: ID!) { toggleAlert(id: $id, isActive: false) { id } }',
      'mutation M($id: ID!) { markAlertRead(id: $id) { id } }',
    ];
    for (const query of attempts) {
      const theirs = await call(query, { id }, other.token);
      const missing = await call(query, { id: randomUUID() }, other.token);
      expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(theirs.errors?.[0]?.message).toBe(missing.errors?.[0]?.message);
    }
    // Creating with another user's client id does not reveal or change that alert.
    const stolen = await create({ id, symbol: 'AMZN', condition: 'below', triggerPrice: 1 }, other.token);
    expect(stolen.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const [row] = (await stored()).filter((r) => r.id === id);
    expect(row).toMatchObject({ isActive: true, isRead: false, triggerPriceCents: 50000, condition: 'above' });
  });

  it('evaluate fires exactly the active alerts the price crosses, once each', async () => {
    const owner = await createUserWithSession(testApp.db);
    const make = async (condition: string, triggerPrice: number, symbol = 'META') =>
      (await create({ symbol, condition, triggerPrice }, owner.token)).data!.createAlert.id;
    const aboveHit = await make('above', 150);
    const aboveExact = await make('above', 200);
    const aboveMiss = await make('above', 250);
    const belowHit = await make('below', 210);
    const belowMiss = await make('below', 100);
    const otherSymbol = await make('above', 1, 'KO');
    const inactive = await make('above', 100);
    await call('mutation T($id: ID!) { toggleAlert(id: $id, isActive: false) { id } }', { id: inactive }, owner.token);

    const events = createEventBus();
    const service = createAlertService({
      db: testApp.db,
      events,
      instruments: async () => new Map(),
      now: () => new Date(clock),
    });
    expect(await service.activeSymbols()).toEqual(expect.arrayContaining(['META', 'KO']));
    const at = new Date(clock);
    const fired = await service.evaluate('META', 200, at);
    expect(fired.map((a) => a.id).sort()).toEqual([aboveHit, aboveExact, belowHit].sort());
    for (const alert of fired) {
      expect(alert).toMatchObject({ userId: owner.id, isActive: false, currentPrice: 200, isRead: false });
      expect(alert.triggeredAt).toBe(at.toISOString());
    }
    expect(await service.evaluate('META', 200, new Date(clock + 1000))).toEqual([]);

    const alerts = (await list({}, owner.token)).data!.alerts;
    const byId = new Map(alerts.map((a) => [a.id, a]));
    for (const id of [aboveMiss, belowMiss, otherSymbol]) expect(byId.get(id)?.isActive).toBe(true);
    expect(byId.get(inactive)).toMatchObject({ isActive: false, triggeredAt: null });
    expect(byId.get(aboveHit)).toMatchObject({ isActive: false, currentPrice: 200, triggeredAt: at.toISOString() });
  });

  it('delivers alertTriggered over graphql-ws when a tick crosses an alert, once', async () => {
    const subscriber = await createUserWithSession(testApp.db);
    const bystander = await createUserWithSession(testApp.db);
    const client = graphqlWsClient(address, subscriber.token);
    clients.push(client);
    const triggered = client.iterate<{ alertTriggered: AlertResult }>({
      query: `subscription { alertTriggered { ${FIELDS} } }`,
    });
    const tick = () => {
      clock += 1000;
      market.tick(clock);
    };
    // The subscription starts asynchronously: keep creating alerts that the next tick crosses, and ticking,
    // until one arrives (alerts fired before the subscription was live are not delivered).
    const created = new Set<string>();
    const createAndTick = async () => {
      const alert = await create({ symbol: 'AAPL', condition: 'above', triggerPrice: 0.01 }, subscriber.token);
      created.add(alert.data!.createAlert.id);
      await create({ symbol: 'AAPL', condition: 'above', triggerPrice: 0.01 }, bystander.token);
      tick();
    };
    const event = await nextWhile(triggered, createAndTick);
    const first = event.data!.alertTriggered;
    expect(created).toContain(first.id);
    expect(first).toMatchObject({ symbol: 'AAPL', isActive: false, isRead: false });
    expect(first.currentPrice).toBeGreaterThan(0);

    // Each alert fires once: until a new marker alert's event, only not-yet-seen alerts of this user arrive.
    const seen = new Set([first.id]);
    const marker = (await create({ symbol: 'MSFT', condition: 'above', triggerPrice: 0.01 }, subscriber.token)).data!
      .createAlert.id;
    for (;;) {
      const next = (await nextWhile(triggered, async () => tick())).data!.alertTriggered;
      if (next.id === marker) break;
      expect(created).toContain(next.id);
      expect(seen).not.toContain(next.id);
      seen.add(next.id);
    }
    const stored = (await list({}, subscriber.token)).data!.alerts;
    const firstStored = stored.find((a) => a.id === first.id);
    expect(firstStored).toMatchObject({ isActive: false, triggeredAt: first.triggeredAt });
    await triggered.return?.();
  });
});
