import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_FIELDS,
  cents,
  createTradingTestApp,
  orderById,
  placed,
  placeOrder,
  portfolioOf,
  tradesOf,
} from './ordersSetup';
import type { OrderData, TradingTestApp } from './ordersSetup';
import { createUserWithSession, drivers, graphql } from './helpers';

const CANCEL = `mutation C($id: ID!) { cancelOrder(id: $id) { ${ORDER_FIELDS} } }`;
const CANCEL_ALL = `mutation A($symbol: String) { cancelAllOrders(symbol: $symbol) { cancelled errors } }`;
const CLOSE = `mutation P($symbol: String!, $percentage: Float) { closePosition(symbol: $symbol, percentage: $percentage) { ${ORDER_FIELDS} } }`;
const ORDERS = `query L($limit: Int, $status: OrderStatus) { orders(limit: $limit, status: $status) { ${ORDER_FIELDS} } }`;

describe.each(drivers)('paper orders (%s)', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(() => t.close());

  const quote = (symbol: string) => t.market.getQuote(symbol)!;
  const listOrders = async (variables: Record<string, unknown> = {}, token?: string) => {
    const result = await graphql<{ orders: OrderData[] }>(t.app, ORDERS, { variables, token });
    return result.data!.orders;
  };

  it('fills a market buy at the ask and shows the position, cash and buying power', async () => {
    const { ask, price } = quote('T');
    const order = await placed(t.app, { symbol: 't', side: 'BUY', type: 'MARKET', quantity: 10, reason: 'test buy' });
    expect(order).toMatchObject({
      symbol: 'T',
      side: 'BUY',
      type: 'MARKET',
      timeInForce: 'DAY',
      status: 'FILLED',
      quantity: 10,
      filledQuantity: 10,
      averageFillPrice: ask,
      reason: 'test buy',
      timestamp: new Date(t.clock()).toISOString(),
    });
    const [trade] = await tradesOf(t.app, { limit: 1 });
    expect(trade).toMatchObject({
      orderId: order.id,
      symbol: 'T',
      side: 'BUY',
      quantity: 10,
      price: ask,
      executionPrice: ask,
      commission: 0,
      brokerId: 'paper',
      status: 'FILLED',
      reason: 'test buy',
      tags: ['market', 'day'],
    });

    const portfolio = await portfolioOf(t.app);
    const cashCents = cents(100_000) - 10 * cents(ask);
    expect(portfolio.cash).toBe(cashCents / 100);
    expect(portfolio.buyingPower).toBe(cashCents / 100);
    expect(portfolio.marginUsed).toBe(0);
    expect(portfolio.positions).toEqual([
      expect.objectContaining({
        symbol: 'T',
        quantity: 10,
        averageCost: ask,
        currentPrice: price,
        marketValue: (10 * cents(price)) / 100,
        costBasis: (10 * cents(ask)) / 100,
        unrealizedPnL: (10 * (cents(price) - cents(ask))) / 100,
        realizedPnL: 0,
        side: 'long',
      }),
    ]);
    expect(portfolio.totalValue).toBe((cashCents + 10 * cents(price)) / 100);
    expect(portfolio.totalGainLoss).toBe((cashCents + 10 * cents(price) - cents(100_000)) / 100);
  });

  it('realises P&L on a sell at the bid and keeps the average cost of the rest', async () => {
    const before = (await portfolioOf(t.app)).positions.find((p) => p.symbol === 'T')!;
    const { bid } = quote('T');
    const order = await placed(t.app, { symbol: 'T', side: 'SELL', type: 'MARKET', quantity: 4 });
    expect(order).toMatchObject({ status: 'FILLED', averageFillPrice: bid });
    const after = (await portfolioOf(t.app)).positions.find((p) => p.symbol === 'T')!;
    expect(after.quantity).toBe(6);
    expect(after.averageCost).toBe(before.averageCost);
    expect(after.realizedPnL).toBe((4 * (cents(bid) - cents(before.averageCost))) / 100);
    const trades = await tradesOf(t.app, { symbol: 't' });
    expect(trades.map((trade) => trade.side)).toEqual(['SELL', 'BUY']);
  });

  it('reserves buying power for a resting limit buy until it is cancelled', async () => {
    const start = await portfolioOf(t.app);
    const limit = Math.round((quote('KO').bid - 2) * 100) / 100;
    const order = await placed(t.app, { symbol: 'KO', side: 'BUY', type: 'LIMIT', price: limit, quantity: 5 });
    expect(order).toMatchObject({ status: 'OPEN', price: limit, filledQuantity: 0, averageFillPrice: null });
    const reserved = await portfolioOf(t.app);
    expect(reserved.cash).toBe(start.cash);
    expect(reserved.buyingPower).toBe((cents(start.buyingPower) - 5 * cents(limit)) / 100);

    const cancelled = await graphql<{ cancelOrder: OrderData }>(t.app, CANCEL, { variables: { id: order.id } });
    expect(cancelled.data?.cancelOrder).toMatchObject({
      id: order.id,
      status: 'CANCELLED',
      reason: 'Cancelled by user',
    });
    expect((await portfolioOf(t.app)).buyingPower).toBe(start.buyingPower);

    const again = await graphql(t.app, CANCEL, { variables: { id: order.id } });
    expect(again.errors?.[0]?.extensions?.code).toBe('order_not_cancellable');
    const missing = await graphql(t.app, CANCEL, { variables: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('fills a resting limit buy on the first tick whose ask is at or below the limit, at that ask', async () => {
    const limit = Math.round((quote('KO').ask - 0.05) * 100) / 100;
    const order = await placed(t.app, {
      symbol: 'KO',
      side: 'BUY',
      type: 'LIMIT',
      price: limit,
      quantity: 3,
      timeInForce: 'GTC',
    });
    expect(order.status).toBe('OPEN');
    let filled: OrderData | null = null;
    let crossingAsk: number | undefined;
    for (let i = 0; i < 500 && !filled; i++) {
      const ko = t.tick(15 * 60_000).find((q) => q.symbol === 'KO')!;
      const now = await orderById(t.app, order.id);
      if (now?.status === 'FILLED') {
        filled = now;
        crossingAsk = ko.ask;
      } else {
        expect(ko.ask).toBeGreaterThan(limit);
        expect(now?.status).toBe('OPEN');
      }
    }
    expect(filled).not.toBeNull();
    expect(crossingAsk).toBeLessThanOrEqual(limit);
    expect(filled!.averageFillPrice).toBe(crossingAsk);
  });

  it('triggers a buy stop once the ask reaches the stop and fills it at that ask', async () => {
    const stop = Math.round((quote('T').ask + 0.05) * 100) / 100;
    const order = await placed(t.app, {
      symbol: 'T',
      side: 'BUY',
      type: 'STOP',
      stopPrice: stop,
      quantity: 2,
      timeInForce: 'GTC',
    });
    expect(order).toMatchObject({ status: 'OPEN', stopPrice: stop, price: null });
    let filled: OrderData | null = null;
    let triggerAsk: number | undefined;
    for (let i = 0; i < 500 && !filled; i++) {
      const tq = t.tick(15 * 60_000).find((q) => q.symbol === 'T')!;
      const now = await orderById(t.app, order.id);
      if (now?.status === 'FILLED') {
        filled = now;
        triggerAsk = tq.ask;
      } else expect(tq.ask).toBeLessThan(stop);
    }
    expect(triggerAsk).toBeGreaterThanOrEqual(stop);
    expect(filled!.averageFillPrice).toBe(triggerAsk);
  });

  it('IOC and FOK orders fill at once when marketable and are cancelled otherwise', async () => {
    const { ask } = quote('PFE');
    const ioc = await placed(t.app, { symbol: 'PFE', side: 'BUY', type: 'MARKET', quantity: 2, timeInForce: 'IOC' });
    expect(ioc).toMatchObject({ status: 'FILLED', averageFillPrice: ask });
    const fok = await placed(t.app, { symbol: 'PFE', side: 'BUY', type: 'MARKET', quantity: 2, timeInForce: 'FOK' });
    expect(fok).toMatchObject({ status: 'FILLED', filledQuantity: 2 });
    const low = Math.round((quote('PFE').bid - 1) * 100) / 100;
    const iocLimit = await placed(t.app, {
      symbol: 'PFE',
      side: 'BUY',
      type: 'LIMIT',
      price: low,
      quantity: 2,
      timeInForce: 'IOC',
    });
    expect(iocLimit).toMatchObject({ status: 'CANCELLED', filledQuantity: 0 });
    expect(iocLimit.reason).toMatch(/Immediate-or-cancel/);
    const fokLimit = await placed(t.app, {
      symbol: 'PFE',
      side: 'BUY',
      type: 'LIMIT',
      price: low,
      quantity: 2,
      timeInForce: 'FOK',
    });
    expect(fokLimit).toMatchObject({ status: 'CANCELLED', filledQuantity: 0 });
    expect(fokLimit.reason).toMatch(/Fill-or-kill/);
    expect(await orderById(t.app, fokLimit.id)).toMatchObject({ status: 'CANCELLED' });
  });

  it('makes placeOrder idempotent per user with clientOrderId', async () => {
    const input = { symbol: 'INTC', side: 'BUY', type: 'MARKET', quantity: 1, clientOrderId: 'client-1' };
    const first = await placed(t.app, input);
    const replay = await placed(t.app, { ...input, quantity: 5 });
    expect(replay).toEqual(first);
    const intcTrades = await tradesOf(t.app, { symbol: 'INTC' });
    expect(intcTrades).toHaveLength(1);
    const bob = await createUserWithSession(t.db);
    const bobs = await placed(t.app, input, bob.token);
    expect(bobs.id).not.toBe(first.id);
    expect(bobs.clientOrderId).toBe('client-1');
  });

  it('lists orders newest first, filtered by status and limited', async () => {
    const all = await listOrders();
    expect(all.length).toBeGreaterThan(5);
    const times = all.map((o) => o.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await listOrders({ limit: 2 })).toEqual(all.slice(0, 2));
    const cancelled = await listOrders({ status: 'CANCELLED' });
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o) => o.status === 'CANCELLED')).toBe(true);
    const bad = await graphql(t.app, ORDERS, { variables: { limit: 0 } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('cancels all working orders, or those of one symbol', async () => {
    const bidOf = (s: string) => Math.round((quote(s).bid - 1) * 100) / 100;
    await placed(t.app, {
      symbol: 'T',
      side: 'BUY',
      type: 'LIMIT',
      price: bidOf('T'),
      quantity: 1,
      timeInForce: 'GTC',
    });
    await placed(t.app, { symbol: 'T', side: 'BUY', type: 'LIMIT', price: bidOf('T'), quantity: 1 });
    const ko = await placed(t.app, { symbol: 'KO', side: 'BUY', type: 'LIMIT', price: bidOf('KO'), quantity: 1 });
    const onlyT = await graphql<{ cancelAllOrders: { cancelled: number; errors: string[] } }>(t.app, CANCEL_ALL, {
      variables: { symbol: 't' },
    });
    expect(onlyT.data?.cancelAllOrders).toEqual({ cancelled: 2, errors: [] });
    expect((await orderById(t.app, ko.id))?.status).toBe('OPEN');
    const rest = await graphql<{ cancelAllOrders: { cancelled: number } }>(t.app, CANCEL_ALL);
    expect(rest.data?.cancelAllOrders.cancelled).toBe(1);
    expect(await listOrders({ status: 'OPEN' })).toEqual([]);
  });

  it('closes a percentage of a position with a market sell, then the rest', async () => {
    const held = (await portfolioOf(t.app)).positions.find((p) => p.symbol === 'T')!.quantity;
    const half = await graphql<{ closePosition: OrderData }>(t.app, CLOSE, {
      variables: { symbol: 'T', percentage: 50 },
    });
    expect(half.data?.closePosition).toMatchObject({
      symbol: 'T',
      side: 'SELL',
      type: 'MARKET',
      quantity: Math.floor(held / 2),
      status: 'FILLED',
      reason: 'Close position (50%)',
    });
    const rest = await graphql<{ closePosition: OrderData }>(t.app, CLOSE, { variables: { symbol: 'T' } });
    expect(rest.data?.closePosition).toMatchObject({ quantity: held - Math.floor(held / 2), status: 'FILLED' });
    expect((await portfolioOf(t.app)).positions.find((p) => p.symbol === 'T')).toBeUndefined();

    const none = await graphql(t.app, CLOSE, { variables: { symbol: 'T' } });
    expect(none.errors?.[0]?.extensions?.code).toBe('no_position');
    for (const percentage of [0, -5, 150]) {
      const bad = await graphql(t.app, CLOSE, { variables: { symbol: 'KO', percentage } });
      expect(bad.errors?.[0]?.extensions?.code).toBe('invalid_percentage');
    }
  });

  it("keeps users apart: another user sees none of this user's orders, trades or positions", async () => {
    const mine = await listOrders();
    const bob = await createUserWithSession(t.db);
    expect(await listOrders({}, bob.token)).toEqual([]);
    expect(await tradesOf(t.app, {}, bob.token)).toEqual([]);
    expect(await orderById(t.app, mine[0]!.id, bob.token)).toBeNull();
    const cancel = await graphql(t.app, CANCEL, { variables: { id: mine[0]!.id }, token: bob.token });
    expect(cancel.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const portfolio = await portfolioOf(t.app, bob.token);
    expect(portfolio).toMatchObject({ cash: 100_000, buyingPower: 100_000, totalValue: 100_000, positions: [] });
  });

  it('refuses every operation without a signed-in user', async () => {
    const result = await placeOrder(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 }, null);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
