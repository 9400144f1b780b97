/**
 * The paper broker under concurrency: cash never goes negative and no sale exceeds the shares held, however many
 * orders of one account arrive at once. Two engines share one database, as two server processes would; every
 * check-then-write holds the account's lock (server/services/trading/accountLocks.ts), so after each race the ledger
 * reconciles and the outcome is the one a serial order of the same requests gives.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, preferences, trades } from '../../server/db/schema';
import { createEventBus } from '../../server/events';
import { AppError } from '../../server/services/errors';
import { SimulatedMarket } from '../../server/services/market';
import { type TradingEngine } from '../../server/services/trading';
import { createTestEngine } from './engineSetup';
import type { OrderInput } from '../../src/domain/trading/orders';
import { expectLedgerReconciles } from './engineReconcile';
import { createTestApp, createUserWithSession, drivers, type TestApp } from './helpers';
import { WEDNESDAY_1100 } from './ordersSetup';

const STARTING_CASH_CENTS = 1_000_00;
const COMMISSION_CENTS = 35;

const refusal = (result: PromiseSettledResult<unknown>): string | undefined => {
  if (result.status === 'fulfilled') return undefined;
  if (!(result.reason instanceof AppError)) throw result.reason;
  return result.reason.code;
};

describe.each(drivers)('paper broker under concurrency (%s)', (driver) => {
  let t: TestApp;
  let market: SimulatedMarket;
  let engines: TradingEngine[];

  beforeAll(async () => {
    t = await createTestApp(driver);
    market = new SimulatedMarket({ seed: 'engine-concurrency', now: WEDNESDAY_1100, alwaysOpen: true });
    engines = [0, 1].map(() =>
      createTestEngine({
        db: t.db,
        pool: t.pool,
        events: createEventBus(),
        market,
        now: () => new Date(WEDNESDAY_1100),
        paper: { startingCashCents: STARTING_CASH_CENTS, commissionCents: COMMISSION_CENTS, fractional: false },
        log: console,
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.stop()));
    await t.close();
  });

  async function trader(): Promise<string> {
    const { id } = await createUserWithSession(t.db);
    await t.db.update(preferences).set({ riskTolerance: 'aggressive' }).where(eq(preferences.userId, id));
    return id;
  }

  /** Sends every input at once, alternating between the two engines. */
  const race = (userId: string, inputs: readonly OrderInput[]) =>
    Promise.allSettled(inputs.map((input, i) => engines[i % 2]!.placeOrder(userId, input)));

  const cents = (dollars: number) => Math.round(dollars * 100);
  const marketBuy: OrderInput = { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 };

  it('fills exactly the buys the cash pays for out of 200 sent at once, and refuses the rest', async () => {
    const user = await trader();
    const askCents = cents(market.getQuote('T')!.ask);
    const results = await race(
      user,
      Array.from({ length: 200 }, () => marketBuy),
    );

    const affordable = Math.floor(STARTING_CASH_CENTS / (askCents + COMMISSION_CENTS));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(affordable);
    expect(new Set(results.map(refusal).filter(Boolean))).toEqual(new Set(['insufficient_buying_power']));
    expect(await t.db.select().from(orders).where(eq(orders.userId, user))).toHaveLength(affordable);
    await expectLedgerReconciles(t.db, user, STARTING_CASH_CENTS);
  });

  it("lets another account's order through while one account's burst waits for that account's lock", async () => {
    const busy = await trader();
    const other = await trader();
    let busyEnded = 0;
    const ended = () => (busyEnded += 1);
    // Far more orders than the PostgreSQL pool has connections (10), all on one engine (one process).
    const burst = Array.from({ length: 60 }, () => engines[0]!.placeOrder(busy, marketBuy).then(ended, ended));
    await engines[0]!.placeOrder(other, marketBuy);
    const endedWhenOtherFilled = busyEnded;
    await Promise.all(burst);
    // Without per-account turns the burst takes every pooled connection, each waiting in PostgreSQL for the busy
    // account's lock (on PGlite: fills its transaction queue), and the other account's order waits behind some 50
    // of them.
    expect(endedWhenOtherFilled).toBeLessThan(20);
    await expectLedgerReconciles(t.db, busy, STARTING_CASH_CENTS);
    await expectLedgerReconciles(t.db, other, STARTING_CASH_CENTS);
  });

  it('never sells more than held when sells and resting sells race for the same shares', async () => {
    const user = await trader();
    await engines[0]!.placeOrder(user, { ...marketBuy, quantity: 10 });
    const high = Math.round(market.getQuote('T')!.ask * 200) / 100;
    const results = await race(
      user,
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? { symbol: 'T', side: 'SELL', type: 'MARKET', quantity: 1 }
          : { symbol: 'T', side: 'SELL', type: 'LIMIT', price: high, quantity: 1, timeInForce: 'GTC' },
      ),
    );

    // Ten shares: ten of the forty sales are taken (sold, or promised to a resting sell), the rest refused.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(new Set(results.map(refusal).filter(Boolean))).toEqual(new Set(['insufficient_position']));
    await expectLedgerReconciles(t.db, user, STARTING_CASH_CENTS);
  });

  it('lets a fill and a cancel of the same order never both happen', async () => {
    const user = await trader();
    const quote = market.getQuote('T')!;
    const limit = Math.round((quote.bid - 0.5) * 100) / 100;
    const resting = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        engines[i % 2]!.placeOrder(user, { ...marketBuy, type: 'LIMIT', price: limit, timeInForce: 'GTC' }),
      ),
    );
    const crossing = { ...quote, bid: limit - 0.01, ask: limit, avgVolume: 100_000_000 };
    await Promise.allSettled([
      engines[0]!.match('T', crossing),
      ...resting.filter((_, i) => i % 3 === 0).map((order) => engines[1]!.cancelOrder(user, order.id)),
      engines[1]!.cancelAllOrders(user, 'T'),
      engines[0]!.match('T', crossing),
    ]);

    const stored = await t.db.select().from(orders).where(eq(orders.userId, user));
    const fills = await t.db.select().from(trades).where(eq(trades.userId, user));
    expect(stored.map((order) => order.status).sort()).toEqual(
      [...Array(fills.length).fill('FILLED'), ...Array(30 - fills.length).fill('CANCELLED')].sort(),
    );
    await expectLedgerReconciles(t.db, user, STARTING_CASH_CENTS);
  });

  it('fills an order at most once per quote, whichever engine matches it and however often', async () => {
    const user = await trader();
    const order = await engines[0]!.placeOrder(user, { ...marketBuy, type: 'LIMIT', price: 1, quantity: 250 });
    // A quote at the limit with liquidity for 100 shares (availableQuantity's floor), matched five times on two engines.
    const quote = market.getQuote('T')!;
    const crossing = { ...quote, bid: 0.99, ask: 1, avgVolume: 1000, timestamp: quote.timestamp + 1 };
    await Promise.all([0, 1, 2, 3].map((i) => engines[i % 2]!.match('T', crossing)));
    await engines[1]!.match('T', crossing);
    const fillsOf = () => t.db.select().from(trades).where(eq(trades.orderId, order.id));
    expect((await fillsOf()).map((fill) => [fill.quantity, fill.quoteAt])).toEqual([[100, crossing.timestamp]]);

    // The next quote fills the next 100 shares, once.
    const next = { ...crossing, timestamp: crossing.timestamp + 1000 };
    await Promise.all([engines[0]!.match('T', next), engines[1]!.match('T', next)]);
    expect((await fillsOf()).map((fill) => fill.quoteAt).sort()).toEqual([crossing.timestamp, next.timestamp]);
    // The database refuses a second fill of the order on a quote (trades_order_quote_idx).
    const [fill] = await fillsOf();
    const { id: _id, seq: _seq, ...again } = fill!;
    await expect(t.db.insert(trades).values(again)).rejects.toThrow();
    await expectLedgerReconciles(t.db, user, STARTING_CASH_CENTS);
  });

  it("matches several accounts' books while their owners trade, without a deadlock", async () => {
    const users = await Promise.all([trader(), trader(), trader(), trader()]);
    const quotes = { T: market.getQuote('T')!, KO: market.getQuote('KO')! };
    const limits = { T: Math.round(quotes.T.bid * 99) / 100, KO: Math.round(quotes.KO.bid * 99) / 100 };
    await Promise.all(
      users.flatMap((user, u) =>
        (['T', 'KO'] as const).flatMap((symbol) =>
          Array.from({ length: 4 }, (_, i) =>
            engines[(u + i) % 2]!.placeOrder(user, {
              symbol,
              side: 'BUY',
              type: 'LIMIT',
              price: limits[symbol],
              quantity: 1,
              timeInForce: 'GTC',
            }),
          ),
        ),
      ),
    );
    const crossing = (symbol: 'T' | 'KO') => ({
      ...quotes[symbol],
      bid: limits[symbol] - 0.01,
      ask: limits[symbol],
      avgVolume: 100_000_000,
    });
    const results = await Promise.allSettled([
      engines[0]!.match('T', crossing('T')),
      engines[1]!.match('KO', crossing('KO')),
      ...users.flatMap((user) => Array.from({ length: 5 }, () => engines[1]!.placeOrder(user, marketBuy))),
      engines[1]!.match('T', crossing('T')),
      engines[0]!.match('KO', crossing('KO')),
      ...users.map((user) => engines[0]!.placeOrder(user, { ...marketBuy, symbol: 'KO' })),
    ]);

    for (const result of results) if (result.status === 'rejected') expect(refusal(result)).toBeDefined();
    const working = await t.db.select().from(orders).where(eq(orders.status, 'OPEN'));
    expect(working.filter((order) => users.includes(order.userId))).toEqual([]);
    for (const user of users) await expectLedgerReconciles(t.db, user, STARTING_CASH_CENTS);
  });

  it("matches a book holding the busy account's resting orders while that account's burst is in flight", async () => {
    const busy = await trader();
    const other = await trader();
    const quote = market.getQuote('KO')!;
    const limit = Math.round(quote.bid * 99) / 100;
    const restingBuy: OrderInput = {
      symbol: 'KO',
      side: 'BUY',
      type: 'LIMIT',
      price: limit,
      quantity: 1,
      timeInForce: 'GTC',
    };
    const resting = await Promise.all([
      engines[0]!.placeOrder(busy, restingBuy),
      engines[1]!.placeOrder(busy, restingBuy),
      engines[0]!.placeOrder(other, restingBuy),
    ]);
    const crossing = {
      ...quote,
      bid: limit - 0.01,
      ask: limit,
      avgVolume: 100_000_000,
      timestamp: quote.timestamp + 1,
    };
    // The match takes no turn of its own (it works on several accounts): it waits in the database for the busy
    // account's lock between two of the burst's transactions, and neither side waits for the other for ever.
    // The match starts once five of the burst's orders have ended (the rest are queued for the busy account's turn)
    // and must not wait for the other 55.
    let busyEnded = 0;
    let fiveEnded!: () => void;
    const burstUnderWay = new Promise<void>((resolve) => (fiveEnded = resolve));
    const burst = Promise.allSettled(
      Array.from({ length: 60 }, () =>
        engines[0]!.placeOrder(busy, marketBuy).finally(() => {
          busyEnded += 1;
          if (busyEnded === 5) fiveEnded();
        }),
      ),
    );
    await burstUnderWay;
    await engines[0]!.match('KO', crossing);
    const endedWhenMatched = busyEnded;
    const results = await burst;
    expect(endedWhenMatched).toBeLessThan(25);

    for (const result of results)
      if (result.status === 'rejected') expect(refusal(result)).toBe('insufficient_buying_power');
    const filled = await t.db.select().from(orders).where(eq(orders.status, 'FILLED'));
    expect(resting.map((order) => filled.some((row) => row.id === order.id))).toEqual([true, true, true]);
    await expectLedgerReconciles(t.db, busy, STARTING_CASH_CENTS);
    await expectLedgerReconciles(t.db, other, STARTING_CASH_CENTS);
  });
});
