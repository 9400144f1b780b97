// The strategy runner (issue 13 point 3) through the app, on a market ticked by hand: an active strategy trades on
// each closed bar of its interval through the order path (strategyId, reason, deterministic client order id), never
// twice for one bar (within the bar, or after a restart), not while the order path refuses (and goes on after), and
// not after its deactivation, which cancels the orders it left working.
import { and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, preferences } from '../../server/db/schema';
import { createEventBus } from '../../server/events';
import { MINUTE_MS } from '../../src/domain/market/calendar';
import { canonicalJson } from '../../src/domain/strategies';
import { createStrategyRunner } from '../../server/services/strategies';
import { CANCELLED_STRATEGY_STOPPED } from '../../server/services/trading';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTestEngine } from './engineSetup';
import { createTradingTestApp, everyBarStrategy, placed, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

const silentLog = { warn: () => undefined, error: () => undefined } as unknown as Pick<Logger, 'warn' | 'error'>;

describe.each(drivers)('strategy runner (%s)', (driver) => {
  let t: TradingTestApp;
  /** Live quote subscriptions per symbol (the runner's and the engine's). */
  const subscribed = new Map<string, number>();
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  let strategyId: string;
  let controlId: string;

  const call = <T>(query: string, variables: Record<string, unknown>, token = user.token) =>
    graphql<T>(t.app, query, { token, variables });

  async function activeStrategy(name: string, symbols: string[], token: string): Promise<string> {
    const created = await call<{ createStrategy: { id: string } }>(
      'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
      { input: { name, code: canonicalJson(everyBarStrategy(symbols)) } },
      token,
    );
    const id = created.data!.createStrategy.id;
    const activated = await call<{ activateStrategy: { isActive: boolean } }>(
      'mutation A($id: ID!) { activateStrategy(id: $id) { isActive } }',
      { id },
      token,
    );
    expect(activated.data?.activateStrategy.isActive).toBe(true);
    return id;
  }

  const activeCount = async () =>
    (await call<{ systemHealth: { activeStrategies: number } }>('{ systemHealth { activeStrategies } }', {})).data
      ?.systemHealth.activeStrategies;
  const ordersOf = (id: string, symbol = 'AAPL') =>
    t.db
      .select()
      .from(orders)
      .where(and(eq(orders.strategyId, id), eq(orders.symbol, symbol)))
      .orderBy(asc(orders.seq));
  const barId = (id: string, symbol: string, bar: number, side: 'B' | 'S') => `strategy-${id}-${symbol}-${bar}-${side}`;
  /** Ticks to one second past the next minute (the bar of the minute before closes). */
  const crossMinute = () => t.tick(MINUTE_MS - (t.clock() % MINUTE_MS) + 1000);
  const waitFor = async (id: string, count: number) =>
    expect.poll(async () => (await ordersOf(id)).length, { timeout: 15_000, interval: 50 }).toBe(count);

  /** A runner of another process on the same database, with its own paper broker and event bus (no notices). */
  function otherProcessRunner() {
    const events = createEventBus();
    const now = () => new Date(t.clock());
    const { paper } = t.config;
    const engine = createTestEngine({
      db: t.db,
      pool: t.pool,
      events,
      market: t.market,
      now,
      paper,
      log: silentLog,
    });
    const runner = createStrategyRunner({
      db: t.db,
      events,
      market: t.market,
      broker: engine,
      paper,
      now,
      log: silentLog,
    });
    return {
      ...runner,
      async stop() {
        await runner.stop();
        await engine.close();
      },
    };
  }

  beforeAll(async () => {
    t = await createTradingTestApp(driver, { start: WEDNESDAY_1100 });
    const subscribe = t.market.subscribe.bind(t.market);
    vi.spyOn(t.market, 'subscribe').mockImplementation((symbols, listener) => {
      for (const symbol of symbols) subscribed.set(symbol, (subscribed.get(symbol) ?? 0) + 1);
      const unsubscribe = subscribe(symbols, listener);
      return () => {
        for (const symbol of symbols) subscribed.set(symbol, (subscribed.get(symbol) ?? 0) - 1);
        unsubscribe();
      };
    });
    user = await createUserWithSession(t.db);
    other = await createUserWithSession(t.db);
    strategyId = await activeStrategy('Every bar', ['AAPL'], user.token);
    // Another user's strategy, also on AAPL: picked up after the first, its AAPL bar is handled after the first's
    // (bars are handled one at a time, in order), so its order proves the first's bar was handled.
    controlId = await activeStrategy('Control', ['AAPL', 'SPY'], other.token);
    // The leader's runner picks both up from the bus notices, in order.
    await vi.waitFor(() => expect([subscribed.get('AAPL'), subscribed.get('SPY')]).toEqual([1, 1]), {
      timeout: 15_000,
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('places one order as a bar closes, with the strategy, the reason and the bar’s client order id', async () => {
    expect(await activeCount()).toBe(2);
    t.tick(1000);
    t.tick(1000);
    expect(await ordersOf(strategyId)).toEqual([]);
    crossMinute();
    await waitFor(strategyId, 1);
    const [buy] = await ordersOf(strategyId);
    expect(buy).toMatchObject({
      userId: user.id,
      symbol: 'AAPL',
      side: 'BUY',
      type: 'MARKET',
      quantity: 2,
      status: 'FILLED',
      strategyId,
      clientOrderId: barId(strategyId, 'AAPL', WEDNESDAY_1100, 'B'),
    });
    expect(buy?.reason).toMatch(/^close at \d+\.\d\d is above 0$/);
  });

  it('places nothing more within the bar, nor on a restart (a second runner on the same database)', async () => {
    t.tick(1000);
    t.tick(1000);
    // Another process's runner starting now handles the newest closed bar again: its order is found, none placed.
    const restarted = otherProcessRunner();
    await restarted.start();
    expect(restarted.running()).toBe(2);
    await restarted.idle();
    await restarted.stop();
    expect((await ordersOf(strategyId)).map((order) => order.clientOrderId)).toEqual([
      barId(strategyId, 'AAPL', WEDNESDAY_1100, 'B'),
    ]);
    // The next bar's order (it holds: the exit sells) comes after whatever the runner had under way.
    crossMinute();
    await waitFor(strategyId, 2);
    expect((await ordersOf(strategyId)).map((order) => [order.side, order.quantity, order.clientOrderId])).toEqual([
      ['BUY', 2, barId(strategyId, 'AAPL', WEDNESDAY_1100, 'B')],
      ['SELL', 2, barId(strategyId, 'AAPL', WEDNESDAY_1100 + MINUTE_MS, 'S')],
    ]);
  });

  it('places nothing while the order path refuses (emergency stop), and goes on afterwards', async () => {
    const setStop = (on: boolean) =>
      t.db.update(preferences).set({ emergencyStop: on }).where(eq(preferences.userId, user.id));
    await setStop(true);
    crossMinute(); // the bar of 11:02 closes: its BUY is refused
    await waitFor(controlId, 3);
    await setStop(false);
    crossMinute(); // the bar of 11:03 closes
    await waitFor(strategyId, 3);
    expect((await ordersOf(strategyId)).map((order) => order.clientOrderId)).toEqual([
      barId(strategyId, 'AAPL', WEDNESDAY_1100, 'B'),
      barId(strategyId, 'AAPL', WEDNESDAY_1100 + MINUTE_MS, 'S'),
      barId(strategyId, 'AAPL', WEDNESDAY_1100 + 3 * MINUTE_MS, 'B'),
    ]);
  });

  it('stops on deactivation and cancels the orders it left working, not the user’s own', async () => {
    const limit = { symbol: 'MSFT', side: 'BUY', type: 'LIMIT', price: 1, quantity: 1, timeInForce: 'GTC' };
    const resting = await placed(t.app, { ...limit, strategyId }, user.token);
    const own = await placed(t.app, limit, user.token);
    expect([resting.status, own.status]).toEqual(['OPEN', 'OPEN']);

    const deactivated = await call<{ deactivateStrategy: { isActive: boolean } }>(
      'mutation D($id: ID!) { deactivateStrategy(id: $id) { isActive } }',
      { id: strategyId },
    );
    expect(deactivated.data?.deactivateStrategy.isActive).toBe(false);
    const [cancelled] = await t.db.select().from(orders).where(eq(orders.id, resting.id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', reason: CANCELLED_STRATEGY_STOPPED });
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, own.id));
    expect(kept?.status).toBe('OPEN');

    const before = (await ordersOf(strategyId)).length;
    const control = (await ordersOf(controlId)).length;
    crossMinute();
    crossMinute();
    // The control strategy's orders prove the runner handled both bars.
    await waitFor(controlId, control + 2);
    expect((await ordersOf(strategyId)).length).toBe(before);
    expect(subscribed.get('AAPL')).toBe(1);
    expect(await activeCount()).toBe(1);
  });

  it('picks up changes made through another process by its periodic refresh (no notice reaches it)', async () => {
    const runner = otherProcessRunner();
    await runner.start();
    // As the leader's singleton work does it (server/services/leader, refreshEveryMs).
    const timer = setInterval(() => void runner.refresh(), 50);
    try {
      expect(runner.running()).toBe(1);
      const id = await activeStrategy('Elsewhere', ['KO'], other.token);
      await expect.poll(() => runner.running(), { timeout: 15_000 }).toBe(2);
      await call('mutation D($id: ID!) { deactivateStrategy(id: $id) { isActive } }', { id }, other.token);
      await expect.poll(() => runner.running(), { timeout: 15_000 }).toBe(1);
    } finally {
      clearInterval(timer);
      await runner.stop();
    }
  });
});
