import { type Client, type ExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { createUserWithSession, drivers, graphqlWsClient, nextWhile } from './helpers';
import {
  createTradingTestApp,
  ORDER_FIELDS,
  placed,
  PORTFOLIO_FIELDS,
  TRADE_FIELDS,
  type OrderData,
  type PortfolioData,
  type TradeData,
  type TradingTestApp,
} from './ordersSetup';

type Event<K extends string, T> = ExecutionResult<Record<K, T>>;

describe.each(drivers)('order, trade and portfolio subscriptions over graphql-ws (%s)', (driver) => {
  let t: TradingTestApp;
  let address: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await t.close();
  });

  const connect = (token: string) => {
    const client = graphqlWsClient(address, token);
    clients.push(client);
    return client;
  };

  it('pushes the order, its fill and the new portfolio to the user who traded, and nothing to others', async () => {
    const client = connect(SINGLE_USER_TOKEN);
    const orderUpdates = client.iterate<Record<'orderUpdates', OrderData>>({
      query: `subscription { orderUpdates { ${ORDER_FIELDS} } }`,
    });
    const tradeExecutions = client.iterate<Record<'tradeExecutions', TradeData>>({
      query: `subscription { tradeExecutions { ${TRADE_FIELDS} } }`,
    });
    const portfolioUpdates = client.iterate<Record<'portfolioUpdates', PortfolioData>>({
      query: `subscription { portfolioUpdates { ${PORTFOLIO_FIELDS} } }`,
    });
    const bob = await createUserWithSession(t.db);
    const bobOrders = connect(bob.token).iterate<Record<'orderUpdates', OrderData>>({
      query: `subscription { orderUpdates { id symbol } }`,
    });

    // Subscriptions start asynchronously: buy one share at a time until the first trade arrives.
    const buy = () => placed(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 });
    const firstTrade = (await nextWhile(tradeExecutions, buy)) as Event<'tradeExecutions', TradeData>;
    const trade = firstTrade.data!.tradeExecutions;
    expect(trade).toMatchObject({ symbol: 'T', side: 'BUY', quantity: 1, brokerId: 'paper', status: 'FILLED' });

    // Each further buy gives one order update, one trade and one portfolio.
    const order = await buy();
    let orderEvent = (await orderUpdates.next()).value as Event<'orderUpdates', OrderData>;
    while (orderEvent.data!.orderUpdates.id !== order.id) {
      orderEvent = (await orderUpdates.next()).value as Event<'orderUpdates', OrderData>;
    }
    expect(orderEvent.data!.orderUpdates).toEqual(order);
    let tradeEvent = (await tradeExecutions.next()).value as Event<'tradeExecutions', TradeData>;
    while (tradeEvent.data!.tradeExecutions.orderId !== order.id) {
      tradeEvent = (await tradeExecutions.next()).value as Event<'tradeExecutions', TradeData>;
    }
    expect(tradeEvent.data!.tradeExecutions).toMatchObject({ orderId: order.id, price: order.averageFillPrice });

    let portfolioEvent = (await portfolioUpdates.next()).value as Event<'portfolioUpdates', PortfolioData>;
    const held = async () => {
      const trades = await t.db.query.trades.findMany();
      return trades.filter((row) => row.symbol === 'T').length;
    };
    const expectedShares = await held();
    while (portfolioEvent.data!.portfolioUpdates.positions[0]?.quantity !== expectedShares) {
      portfolioEvent = (await portfolioUpdates.next()).value as Event<'portfolioUpdates', PortfolioData>;
    }
    expect(portfolioEvent.data!.portfolioUpdates.positions[0]).toMatchObject({ symbol: 'T', quantity: expectedShares });
    expect(portfolioEvent.data!.portfolioUpdates.cash).toBeLessThan(100_000);

    // Bob's subscription sees his own order first: none of the other user's events reached it.
    const bobsOwn = (await nextWhile(bobOrders, () =>
      placed(t.app, { symbol: 'KO', side: 'BUY', type: 'MARKET', quantity: 1 }, bob.token),
    )) as Event<'orderUpdates', OrderData>;
    expect(bobsOwn.data!.orderUpdates.symbol).toBe('KO');
    await buy();
    const bobNext = await Promise.race([
      bobOrders.next().then(() => 'event'),
      new Promise((resolve) => setTimeout(() => resolve('quiet'), 300)),
    ]);
    expect(bobNext).toBe('quiet');

    await Promise.all([orderUpdates, tradeExecutions, portfolioUpdates, bobOrders].map((it) => it.return?.()));
  });

  it('pushes the fill of a resting order when a quote tick crosses it', async () => {
    const client = connect(SINGLE_USER_TOKEN);
    const trades = client.iterate<Record<'tradeExecutions', TradeData>>({
      query: `subscription { tradeExecutions { ${TRADE_FIELDS} } }`,
    });
    const limit = Math.round((t.market.getQuote('KO')!.ask - 0.05) * 100) / 100;
    const order = await placed(t.app, {
      symbol: 'KO',
      side: 'BUY',
      type: 'LIMIT',
      price: limit,
      quantity: 1,
      timeInForce: 'GTC',
    });
    const event = (await nextWhile(trades, async () => t.tick(15 * 60_000))) as Event<'tradeExecutions', TradeData>;
    expect(event.data!.tradeExecutions).toMatchObject({ orderId: order.id, symbol: 'KO', side: 'BUY' });
    expect(event.data!.tradeExecutions.price).toBeLessThanOrEqual(limit);
    await trades.return?.();
  });
});
