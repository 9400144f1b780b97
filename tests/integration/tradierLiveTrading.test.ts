/**
 * Live mode through the Tradier adapter (issue 14 points 1 and 7) on PGlite and PostgreSQL, with Tradier's brokerage
 * API and account events stream played by the local server (tests/fixtures/tradierServer.ts): a verified live
 * Tradier connection makes Live available; orders, cancels, trades and the portfolio then come from Tradier and a
 * fill on its stream reaches the tradeExecutions subscription; Tradier's 400 (buying power) and 429 as the app's
 * errors; the access token in no log line; disconnected, the stream closes and live orders are refused.
 */
import type { Client, ExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_ACCOUNT, startFakeTradier, type FakeTradier } from '../fixtures/tradierServer';
import { drivers, graphql, graphqlWsClient, nextWhile, createUserWithSession } from './helpers';
import {
  createTradingTestApp,
  ORDER_FIELDS,
  placeOrder,
  PORTFOLIO_FIELDS,
  TRADE_FIELDS,
  type OrderData,
  type PortfolioData,
  type TradeData,
  type TradingTestApp,
} from './ordersSetup';

const MODE = `mutation M($input: TradingModeInput!) { updateTradingMode(input: $input) { success mode requiresBrokerSetup } }`;
const CONNECT = `mutation C($credentials: BrokerCredentialsInput!) {
  connectBroker(provider: "tradier", credentials: $credentials) { id isVerified paperTrading } }`;

describe.each(drivers)('live mode through the Tradier adapter (%s)', (driver) => {
  let t: TradingTestApp;
  let fake: FakeTradier;
  let address: string;
  let user: { id: string; token: string };
  let connectionId: string;
  const clients: Client[] = [];
  const logs: string[] = [];
  beforeAll(async () => {
    fake = await startFakeTradier({ startingCash: 5_000 });
    t = await createTradingTestApp(driver, {
      env: { TRADIER_LIVE_URL: fake.baseUrl, TRADIER_SANDBOX_URL: fake.baseUrl, LOG_LEVEL: 'debug' },
      logStream: { write: (line: string) => void logs.push(line) },
    });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await createUserWithSession(t.db);
    for (const symbol of ['T', 'PFE']) fake.setPrice(symbol, t.market.getQuote(symbol)!.ask);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await t.close();
    await fake.close();
  });
  const call = <T>(query: string, variables: Record<string, unknown> = {}) =>
    graphql<T>(t.app, query, { token: user.token, variables });
  const place = (input: Record<string, unknown>) => placeOrder(t.app, input, user.token);
  const orderPosts = () =>
    fake.requests.filter((request) => /^POST \/v1\/accounts\/[^/]+\/orders$/.test(request)).length;

  it('a verified live Tradier connection (access token) makes Live available; its events stream opens', async () => {
    const connected = await call<{ connectBroker: { id: string } }>(CONNECT, {
      credentials: { apiKey: ONE_ACCOUNT.token, apiSecret: 'unused', environment: 'LIVE' },
    });
    expect(connected.data?.connectBroker).toMatchObject({ isVerified: true, paperTrading: false });
    connectionId = connected.data!.connectBroker.id;
    await expect.poll(() => fake.subscribers()).toBe(1);
    const accepted = await call<{ updateTradingMode: Record<string, unknown> }>(MODE, { input: { mode: 'live' } });
    expect(accepted.data?.updateTradingMode).toMatchObject({ success: true, mode: 'live', requiresBrokerSetup: false });
  });

  it('sends a live order to Tradier; its fill on the account stream reaches tradeExecutions, with the reason kept', async () => {
    const client = graphqlWsClient(address, user.token);
    clients.push(client);
    const trades = client.iterate<Record<'tradeExecutions', TradeData>>({
      query: `subscription { tradeExecutions { ${TRADE_FIELDS} } }`,
    });
    let placed: OrderData | undefined;
    // The subscription starts asynchronously: buy and fill one share at a time until a fill arrives.
    const event = (await nextWhile(trades, async () => {
      const result = await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1, reason: 'tradier test' });
      expect(result.errors).toBeUndefined();
      placed ??= result.data!.placeOrder;
      fake.fill(result.data!.placeOrder.id);
    })) as ExecutionResult<Record<'tradeExecutions', TradeData>>;
    expect(placed).toMatchObject({ symbol: 'T', side: 'BUY', status: 'OPEN', reason: 'tradier test' });
    expect(event.data!.tradeExecutions).toMatchObject({
      symbol: 'T',
      side: 'BUY',
      quantity: 1,
      brokerId: connectionId,
      reason: 'tradier test',
    });

    const orders = await call<{ orders: OrderData[] }>(`{ orders(limit: 20) { ${ORDER_FIELDS} } }`);
    expect(orders.data!.orders.find((order) => order.id === placed!.id)).toMatchObject({
      status: 'FILLED',
      reason: 'tradier test',
    });
    const history = await call<{ trades: TradeData[] }>(`{ trades(limit: 50) { ${TRADE_FIELDS} } }`);
    expect(history.data!.trades.some((trade) => trade.orderId === placed!.id && trade.reason === 'tradier test')).toBe(
      true,
    );
    const portfolio = await call<{ portfolio: PortfolioData }>(`{ portfolio { ${PORTFOLIO_FIELDS} } }`);
    expect(portfolio.data!.portfolio.cash).toBeLessThan(5_000);
    expect(portfolio.data!.portfolio.positions.find((position) => position.symbol === 'T')?.quantity).toBeGreaterThan(
      0,
    );
  });

  it('cancels a working live order at Tradier', async () => {
    const limit = Math.floor(t.market.getQuote('PFE')!.ask * 50) / 100;
    const working = await place({ symbol: 'PFE', side: 'BUY', type: 'LIMIT', quantity: 1, price: limit });
    expect(working.data!.placeOrder.status).toBe('OPEN');
    const id = working.data!.placeOrder.id;
    const cancelled = await call<{ cancelOrder: OrderData }>(
      `mutation X($id: ID!) { cancelOrder(id: $id) { id status } }`,
      {
        id,
      },
    );
    expect(cancelled.data!.cancelOrder).toEqual({ id, status: 'CANCELLED' });
    expect(fake.requests).toContain(`DELETE /v1/accounts/${ONE_ACCOUNT.accountNumber}/orders/${id}`);
  });

  it("maps Tradier's 400 buying power and 429 to the app's errors; the app's risk checks come first", async () => {
    // Tradier's price is far above the app's quote: the app's checks pass, Tradier refuses for buying power.
    fake.setPrice('PFE', 100_000);
    const poor = await place({ symbol: 'PFE', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(poor.errors?.[0]?.extensions?.code).toBe('insufficient_buying_power');
    fake.setPrice('PFE', t.market.getQuote('PFE')!.ask);
    const before = orderPosts();
    const tooBig = await place({ symbol: 'PFE', side: 'BUY', type: 'MARKET', quantity: 100_000 });
    expect(tooBig.errors?.[0]?.extensions?.code).toBe('insufficient_buying_power');
    expect(orderPosts()).toBe(before);
    fake.rateLimitNext(10, 0);
    const limited = await place({ symbol: 'PFE', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(limited.errors?.[0]?.extensions?.code).toBe('too_many_requests');
    fake.rateLimitNext(0, 0);
  });

  it('never logs the access token', () => {
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(ONE_ACCOUNT.token);
  });

  it('closes the stream of a disconnected live connection; live orders are then refused, never sent', async () => {
    await call(`mutation D($id: ID!) { disconnectBroker(id: $id) }`, { id: connectionId });
    await expect.poll(() => fake.subscribers()).toBe(0);
    const before = orderPosts();
    const refused = await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(refused.errors?.[0]?.extensions?.code).toBe('live_trading_not_allowed');
    expect(orderPosts()).toBe(before);
  });
});
