import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paperAccounts, positions, preferences, trades } from '../../server/db/schema';
import { orderErrorMessage, type OrderErrorCode, type OrderErrorDetail } from '../../src/domain/trading/orderErrors';
import { createUserWithSession, drivers } from './helpers';
import { cents, createTradingTestApp, placed, placeOrder, storedState, type TradingTestApp } from './ordersSetup';

describe.each(drivers)('risk checks before an order is accepted (%s)', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    // $1,500 of cash: below what the moderate max position size ($1,000) and a resting order can use together.
    t = await createTradingTestApp(driver, { env: { PAPER_STARTING_CASH: '1500' } });
  });
  afterAll(() => t.close());

  const price = (symbol: string) => t.market.getQuote(symbol)!;

  /** Places `input` as a fresh user (after `arrange`), expects the refusal, and checks that nothing was written. */
  async function refused(
    refusal: OrderErrorCode | { code: OrderErrorCode; limit: OrderErrorDetail },
    input: Record<string, unknown>,
    arrange?: (user: { id: string; token: string }) => Promise<void>,
  ) {
    const { code, limit } = typeof refusal === 'string' ? { code: refusal, limit: undefined } : refusal;
    const user = await createUserWithSession(t.db);
    await arrange?.(user);
    const before = await storedState(t.db, user.id);
    const result = await placeOrder(t.app, input, user.token);
    expect(result.data).toBeNull();
    expect(result.errors?.[0]).toMatchObject({ message: orderErrorMessage(code, limit), extensions: { code } });
    expect(await storedState(t.db, user.id)).toEqual(before);
    return user;
  }

  const market = { side: 'BUY', type: 'MARKET' };

  it('refuses unknown symbols', async () => {
    await refused('unknown_symbol', { ...market, symbol: 'ZZZZ', quantity: 1 });
    await refused('unknown_symbol', { ...market, symbol: '', quantity: 1 });
  });

  it('refuses non-positive and fractional quantities', async () => {
    for (const quantity of [0, -3, 1.5]) await refused('invalid_quantity', { ...market, symbol: 'T', quantity });
  });

  it('refuses missing or invalid prices for the order type, and prices the type does not take', async () => {
    await refused('invalid_limit_price', { side: 'BUY', type: 'LIMIT', symbol: 'T', quantity: 1 });
    await refused('invalid_limit_price', { side: 'BUY', type: 'LIMIT', symbol: 'T', quantity: 1, price: 0 });
    await refused('invalid_limit_price', { side: 'BUY', type: 'STOP_LIMIT', symbol: 'T', quantity: 1, stopPrice: 30 });
    await refused('invalid_stop_price', { side: 'BUY', type: 'STOP', symbol: 'T', quantity: 1 });
    await refused('invalid_stop_price', { side: 'SELL', type: 'STOP_LIMIT', symbol: 'T', quantity: 1, price: 20 });
    await refused('unexpected_price', { ...market, symbol: 'T', quantity: 1, price: 20 });
  });

  it('refuses a buy beyond the buying power left after resting orders', async () => {
    const limit = Math.round((price('T').bid - 1) * 100) / 100;
    const quantity = Math.floor(900 / limit);
    await refused(
      'insufficient_buying_power',
      { side: 'BUY', type: 'LIMIT', symbol: 'T', quantity, price: limit },
      (user) =>
        placed(t.app, { side: 'BUY', type: 'LIMIT', symbol: 'T', quantity, price: limit }, user.token).then(
          () => undefined,
        ),
    );
  });

  it('refuses selling more than held, counting shares promised to resting sells (no shorting)', async () => {
    await refused('insufficient_position', { side: 'SELL', type: 'MARKET', symbol: 'T', quantity: 1 });
    await refused('insufficient_position', { side: 'SELL', type: 'MARKET', symbol: 'T', quantity: 2 }, async (user) => {
      await placed(t.app, { ...market, symbol: 'T', quantity: 3 }, user.token);
      const high = Math.round((price('T').ask + 5) * 100) / 100;
      await placed(t.app, { side: 'SELL', type: 'LIMIT', symbol: 'T', quantity: 2, price: high }, user.token);
    });
  });

  it('refuses a buy that makes the position larger than the max position size of the risk preset', async () => {
    const { ask } = price('T');
    const fits = Math.floor(cents(1000) / cents(ask));
    const moderate = { code: 'max_position_size_exceeded' as const, limit: { cents: cents(1000) } };
    await refused(moderate, { ...market, symbol: 'T', quantity: fits + 1 });
    await refused(moderate, { ...market, symbol: 'T', quantity: 2 }, async (user) => {
      await placed(t.app, { ...market, symbol: 'T', quantity: fits - 1 }, user.token);
    });
    // The conservative preset allows $500.
    await refused(
      { code: 'max_position_size_exceeded', limit: { cents: cents(500) } },
      { ...market, symbol: 'T', quantity: Math.floor(cents(500) / cents(ask)) + 1 },
      (user) =>
        t.db
          .update(preferences)
          .set({ riskTolerance: 'conservative' })
          .where(eq(preferences.userId, user.id))
          .then(() => undefined),
    );
  });

  it("blocks new buys once today's loss exceeds the daily loss limit, but still lets the user sell", async () => {
    const { ask, bid } = price('T');
    // Arranged: 40 shares bought today at $13.00 above the ask, so today's loss is 40 × ($13 + spread) > $500.
    const paid = cents(ask) + 1300;
    const dailyLoss = { code: 'daily_loss_limit_reached' as const, limit: { cents: cents(500) } };
    const user = await refused(dailyLoss, { ...market, symbol: 'T', quantity: 1 }, async ({ id }) => {
      const at = new Date(t.clock());
      await t.db
        .insert(paperAccounts)
        .values({ userId: id, cashCents: cents(10_000) - 40 * paid, startingCashCents: cents(10_000) });
      const [order] = await t.db
        .insert(orders)
        .values({
          userId: id,
          symbol: 'T',
          side: 'BUY',
          type: 'MARKET',
          timeInForce: 'DAY',
          status: 'FILLED',
          quantity: 40,
          filledQuantity: 40,
          reservePriceCents: paid,
          fillValueCents: 40 * paid,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await t.db.insert(trades).values({
        userId: id,
        orderId: order!.id,
        symbol: 'T',
        side: 'BUY',
        quantity: 40,
        priceCents: paid,
        createdAt: at,
      });
      await t.db.insert(positions).values({ userId: id, symbol: 'T', quantity: 40, costCents: 40 * paid });
    });
    const sale = await placed(t.app, { side: 'SELL', type: 'MARKET', symbol: 'T', quantity: 5 }, user.token);
    expect(sale).toMatchObject({ status: 'FILLED', averageFillPrice: bid });
  });

  it('refuses everything while the emergency stop is on', async () => {
    await refused('emergency_stop', { ...market, symbol: 'T', quantity: 1 }, (user) =>
      t.db
        .update(preferences)
        .set({ emergencyStop: true })
        .where(eq(preferences.userId, user.id))
        .then(() => undefined),
    );
  });

  it('refuses orders in live mode while no live broker can trade', async () => {
    await refused('live_trading_not_allowed', { ...market, symbol: 'T', quantity: 1 }, (user) =>
      t.db
        .update(preferences)
        .set({ tradingMode: 'live' })
        .where(eq(preferences.userId, user.id))
        .then(() => undefined),
    );
  });

  it('refuses over-long client order ids and reasons with BAD_USER_INPUT', async () => {
    const user = await createUserWithSession(t.db);
    const long = await placeOrder(
      t.app,
      { ...market, symbol: 'T', quantity: 1, clientOrderId: 'x'.repeat(101) },
      user.token,
    );
    expect(long.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const reason = await placeOrder(
      t.app,
      { ...market, symbol: 'T', quantity: 1, reason: 'x'.repeat(501) },
      user.token,
    );
    expect(reason.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await storedState(t.db, user.id)).toMatchObject({ orders: 0, accounts: 0 });
  });
});
