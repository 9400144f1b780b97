// The runner's protective exits (issue 13 point 3) through the app, on a market ticked by hand: a strategy with an
// 5 % stop loss buys as a bar closes; when a quote falls through the stop, the runner sells every share it holds
// with the reason and a client order id per position, once (not again on further quotes, nor through a second
// runner on the same database).
import type { Logger } from 'pino';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { createEventBus } from '../../server/events';
import { createStrategyRunner } from '../../server/services/strategies';
import { MINUTE_MS } from '../../src/domain/market/calendar';
import type { MarketTick } from '../../src/domain/market/marketTick';
import { canonicalJson, rules, type StrategyDefinition } from '../../src/domain/strategies';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTestEngine } from './engineSetup';
import { createTradingTestApp, type TradingTestApp } from './ordersSetup';

const SYMBOL = 'MSFT';
const guarded: StrategyDefinition = {
  version: 1,
  symbols: [SYMBOL],
  interval: '1m',
  side: 'long',
  entry: rules.all(rules.greaterThan(rules.close, rules.constant(0))),
  exit: rules.all(rules.lessThan(rules.close, rules.constant(0))),
  sizing: { kind: 'fixedShares', shares: 2 },
  stops: { stopLossPercent: 5 },
};
const silentLog = { warn: () => undefined, error: () => undefined } as unknown as Pick<Logger, 'warn' | 'error'>;

describe.each(drivers)('strategy runner protective exits (%s)', (driver) => {
  let t: TradingTestApp;
  let user: { id: string; token: string };
  let strategyId: string;
  const ordersOf = () =>
    t.db
      .select()
      .from(orders)
      .where(and(eq(orders.strategyId, strategyId), eq(orders.symbol, SYMBOL)))
      .orderBy(asc(orders.seq));
  const crossMinute = () => t.tick(MINUTE_MS - (t.clock() % MINUTE_MS) + 1000);

  /** One tick of the market with SYMBOL at `price` (the rest as the simulator moves them). */
  function tickTo(price: number) {
    let captured: MarketTick | undefined;
    t.market.setTickListener((tick) => (captured = tick));
    t.tick(1000);
    t.market.setTickListener(undefined);
    const tick = captured!;
    const at = tick.at + 1000;
    t.setClock(at);
    t.market.applyTick({
      ...tick,
      at,
      entries: tick.entries.map((entry) =>
        entry[0] === SYMBOL
          ? [
              entry[0],
              Math.log(price),
              entry[2],
              entry[3],
              entry[4],
              entry[5],
              Math.max(entry[6], price),
              Math.min(entry[7], price),
              entry[8],
            ]
          : entry,
      ),
    });
  }

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    user = await createUserWithSession(t.db);
    const created = await graphql<{ createStrategy: { id: string } }>(
      t.app,
      'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
      { token: user.token, variables: { input: { name: 'Guarded', code: canonicalJson(guarded) } } },
    );
    strategyId = created.data!.createStrategy.id;
    await graphql(t.app, 'mutation A($id: ID!) { activateStrategy(id: $id) { id } }', {
      token: user.token,
      variables: { id: strategyId },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('sells the position once when a quote falls through the stop loss', async () => {
    // The runner subscribes from the activation notice; the first bar that closes after that buys.
    await expect
      .poll(
        async () => {
          crossMinute();
          return (await ordersOf()).length;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(1);
    await expect.poll(async () => (await ordersOf())[0]?.status, { timeout: 10_000 }).toBe('FILLED');
    const [buy] = await ordersOf();
    const entry = Math.round(buy!.fillValueCents / buy!.filledQuantity) / 100;

    // 4 % down: above the stop, nothing happens.
    tickTo(Math.round(entry * 0.96 * 100) / 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ordersOf()).toHaveLength(1);

    // 6 % down: through the 5 % stop.
    tickTo(Math.round(entry * 0.94 * 100) / 100);
    await expect.poll(async () => (await ordersOf()).length, { timeout: 10_000, interval: 50 }).toBe(2);
    const sell = (await ordersOf())[1]!;
    expect(sell).toMatchObject({
      side: 'SELL',
      type: 'MARKET',
      quantity: 2,
      strategyId,
      clientOrderId: `strategy-${strategyId}-${SYMBOL}-${buy!.createdAt.getTime()}-P`,
    });
    expect(sell.reason).toMatch(/^Stop loss at \d+\.\d\d$/);

    // Further quotes below the stop, and another process's runner starting now, sell nothing more.
    tickTo(Math.round(entry * 0.9 * 100) / 100);
    const events = createEventBus();
    const now = () => new Date(t.clock());
    const engine = createTestEngine({
      db: t.db,
      pool: t.pool,
      events,
      market: t.market,
      now,
      paper: t.config.paper,
      log: silentLog,
    });
    const other = createStrategyRunner({
      db: t.db,
      events,
      market: t.market,
      broker: engine,
      paper: t.config.paper,
      now,
      log: silentLog,
    });
    await other.start();
    tickTo(Math.round(entry * 0.89 * 100) / 100);
    await other.idle();
    await other.stop();
    await engine.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // (Its entry holds on every bar, so a later bar may buy again; the position that was stopped is sold once.)
    const sells = (await ordersOf()).filter((order) => order.side === 'SELL');
    expect(sells.map((order) => order.clientOrderId)).toEqual([sell.clientOrderId]);

    // orders(strategyId): the strategy's own orders, newest first; nothing for another user.
    const query = 'query O($id: ID!) { orders(strategyId: $id) { id strategyId } }';
    const mine = await graphql<{ orders: { id: string; strategyId: string }[] }>(t.app, query, {
      token: user.token,
      variables: { id: strategyId },
    });
    expect(mine.data?.orders.map((order) => order.id)).toEqual((await ordersOf()).map((order) => order.id).reverse());
    const stranger = await createUserWithSession(t.db);
    const theirs = await graphql<{ orders: unknown[] }>(t.app, query, {
      token: stranger.token,
      variables: { id: strategyId },
    });
    expect(theirs.data?.orders).toEqual([]);
    const bad = await graphql<{ orders: unknown[] }>(t.app, query, { token: user.token, variables: { id: 'nope' } });
    expect(bad.data?.orders).toEqual([]);
  });
});
