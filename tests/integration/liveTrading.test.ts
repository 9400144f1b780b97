/**
 * Live mode through the Alpaca adapter (issue 14 point 7) on PGlite and PostgreSQL, with Alpaca's trading API and
 * trade_updates stream played by the local server (tests/fixtures/alpacaTradingServer.ts): Live refused without a
 * verified live connection and accepted with one; in live mode orders, cancels, trades and the portfolio come from
 * Alpaca and its stream's fills reach the tradeExecutions subscription; Alpaca's refusals as the app's errors; back
 * in paper mode nothing reaches Alpaca; the credentials never in a log line.
 */
import type { Client, ExecutionResult } from 'graphql-ws';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferences } from '../../server/db/schema';
import { LIVE_TRADING_REFUSED } from '../../server/services/trading';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { createUserWithSession, drivers, graphql, graphqlWsClient, nextWhile } from './helpers';
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

const MODE = `mutation M($input: TradingModeInput!) { updateTradingMode(input: $input) {
  success mode message error requiresBrokerSetup } }`;
const MODE_INFO = '{ tradingMode { requestedMode effectiveMode canTradeLive activeBroker { id environment } } }';
const CONNECT = `mutation C($credentials: BrokerCredentialsInput!) {
  connectBroker(provider: "alpaca", credentials: $credentials) { id isVerified paperTrading } }`;

describe.each(drivers)('live mode through the Alpaca adapter (%s)', (driver) => {
  let t: TradingTestApp;
  let fake: FakeAlpacaTrading;
  let address: string;
  let user: { id: string; token: string };
  let connectionId: string;
  const clients: Client[] = [];
  const logs: string[] = [];
  beforeAll(async () => {
    fake = await startFakeAlpacaTrading({ startingCash: 5_000 });
    t = await createTradingTestApp(driver, {
      env: { ALPACA_TRADING_PAPER_URL: fake.baseUrl, ALPACA_TRADING_LIVE_URL: fake.baseUrl, LOG_LEVEL: 'debug' },
      logStream: { write: (line: string) => void logs.push(line) },
    });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await createUserWithSession(t.db);
    // Alpaca's prices are the app's quotes (the risk checks read the app's market).
    for (const symbol of ['T', 'PFE']) fake.setPrice(symbol, t.market.getQuote(symbol)!.ask);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await t.close();
    await fake.close();
  });
  const call = <T>(query: string, variables: Record<string, unknown> = {}, token = user.token) =>
    graphql<T>(t.app, query, { token, variables });
  const mode = async () =>
    (await call<{ tradingMode: Record<string, unknown> }>(MODE_INFO)).data!.tradingMode as {
      effectiveMode: string;
      canTradeLive: boolean;
      activeBroker: { id: string } | null;
    };
  const orderPosts = () => fake.requests.filter((request) => request.startsWith('POST /v2/orders')).length;
  const place = (input: Record<string, unknown>) => placeOrder(t.app, input, user.token);

  it('refuses Live without a verified live connection (nothing stored), then accepts it once one is connected', async () => {
    const paperConnection = await call<{ connectBroker: unknown }>(CONNECT, {
      credentials: { apiKey: TRADING_KEY.keyId, apiSecret: TRADING_KEY.secretKey },
    });
    expect(paperConnection.data?.connectBroker).toMatchObject({ paperTrading: true, isVerified: true });
    // Paper orders go to the app's paper broker: choosing the Alpaca paper account for them is refused, not ignored.
    const paperId = (paperConnection.data!.connectBroker as { id: string }).id;
    const notRouted = await call(MODE, { input: { mode: 'paper', brokerId: paperId } });
    expect(notRouted.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(notRouted.errors?.[0]?.message).toMatch(/^brokerId: paper orders go to Paper Trading \(paper\)/);
    const toPaper = await call<{ updateTradingMode: { success: boolean } }>(MODE, {
      input: { mode: 'paper', brokerId: 'paper' },
    });
    expect(toPaper.data?.updateTradingMode.success).toBe(true);
    const refused = await call<{ updateTradingMode: Record<string, unknown> }>(MODE, { input: { mode: 'live' } });
    expect(refused.data?.updateTradingMode).toEqual({
      success: false,
      mode: 'paper',
      message: null,
      error: LIVE_TRADING_REFUSED,
      requiresBrokerSetup: true,
    });
    expect(await mode()).toMatchObject({ effectiveMode: 'paper', canTradeLive: false });

    const connected = await call<{ connectBroker: { id: string } }>(CONNECT, {
      credentials: { apiKey: TRADING_KEY.keyId, apiSecret: TRADING_KEY.secretKey, environment: 'LIVE' },
    });
    connectionId = connected.data!.connectBroker.id;
    // The leader opens the live connection's trade_updates stream at once (the paper one has none).
    await expect.poll(() => fake.streamConnections()).toBe(1);
    const accepted = await call<{ updateTradingMode: Record<string, unknown> }>(MODE, { input: { mode: 'live' } });
    expect(accepted.data?.updateTradingMode).toMatchObject({ success: true, mode: 'live', requiresBrokerSetup: false });
    expect(await mode()).toEqual({
      requestedMode: 'live',
      effectiveMode: 'live',
      canTradeLive: true,
      activeBroker: { id: connectionId, environment: 'live' },
    });
  });

  it('sends a live order to Alpaca; its stream fill reaches tradeExecutions, with the reason kept', async () => {
    const client = graphqlWsClient(address, user.token);
    clients.push(client);
    const trades = client.iterate<Record<'tradeExecutions', TradeData>>({
      query: `subscription { tradeExecutions { ${TRADE_FIELDS} } }`,
    });
    const before = orderPosts();
    let placedOrder: OrderData | undefined;
    // The subscription and the leader's stream start asynchronously: buy one share at a time until a fill arrives.
    const event = (await nextWhile(trades, async () => {
      const result = await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1, reason: 'live test' });
      expect(result.errors).toBeUndefined();
      placedOrder ??= result.data!.placeOrder;
    })) as ExecutionResult<Record<'tradeExecutions', TradeData>>;
    expect(orderPosts()).toBeGreaterThan(before);
    expect(placedOrder).toMatchObject({ symbol: 'T', side: 'BUY', reason: 'live test' });
    expect(event.data!.tradeExecutions).toMatchObject({
      symbol: 'T',
      side: 'BUY',
      quantity: 1,
      brokerId: connectionId,
      reason: 'live test',
      commission: 0,
    });

    const orders = await call<{ orders: OrderData[] }>(`{ orders(limit: 5) { ${ORDER_FIELDS} } }`);
    expect(orders.data!.orders.find((order) => order.id === placedOrder!.id)).toMatchObject({
      status: 'FILLED',
      reason: 'live test',
    });
    const history = await call<{ trades: TradeData[] }>(`{ trades(limit: 50) { ${TRADE_FIELDS} } }`);
    expect(
      history.data!.trades.some((trade) => trade.orderId === placedOrder!.id && trade.reason === 'live test'),
    ).toBe(true);
    const portfolio = await call<{ portfolio: PortfolioData }>(`{ portfolio { ${PORTFOLIO_FIELDS} } }`);
    expect(portfolio.data!.portfolio.cash).toBeLessThan(5_000);
    expect(portfolio.data!.portfolio.positions.find((position) => position.symbol === 'T')?.quantity).toBeGreaterThan(
      0,
    );
  });

  it('cancels a working live order at Alpaca', async () => {
    const limit = Math.floor(t.market.getQuote('PFE')!.ask * 50) / 100;
    const working = await place({ symbol: 'PFE', side: 'BUY', type: 'LIMIT', quantity: 1, price: limit });
    expect(working.data!.placeOrder.status).toBe('OPEN');
    const cancelled = await call<{ cancelOrder: OrderData }>(
      `mutation X($id: ID!) { cancelOrder(id: $id) { id status } }`,
      {
        id: working.data!.placeOrder.id,
      },
    );
    expect(cancelled.data!.cancelOrder).toEqual({ id: working.data!.placeOrder.id, status: 'CANCELLED' });
    expect(fake.requests).toContain(`DELETE /v2/orders/${working.data!.placeOrder.id}`);
    // Read back one by one: Alpaca's order, and null for an id Alpaca does not know or could not have issued.
    const read = async (id: string) =>
      (await call<{ order: { status: string } | null }>(`query O($id: ID!) { order(id: $id) { status } }`, { id })).data
        ?.order;
    expect(await read(working.data!.placeOrder.id)).toEqual({ status: 'CANCELLED' });
    expect(await read('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await read('not-an-order')).toBeNull();
  });

  it("returns the first order for a client order id placed again, and lists a strategy's live orders", async () => {
    const input = {
      symbol: 'T',
      side: 'BUY',
      type: 'MARKET',
      quantity: 1,
      clientOrderId: 'live-once',
      strategyId: 's-1',
    };
    const first = (await place(input)).data!.placeOrder;
    const before = orderPosts();
    const again = await place(input);
    expect(again.data!.placeOrder).toMatchObject({ id: first.id, clientOrderId: 'live-once', strategyId: 's-1' });
    expect(orderPosts()).toBe(before + 1); // Alpaca refused the duplicate; the first was read back
    const mine = await call<{ orders: OrderData[] }>(`{ orders(strategyId: "s-1") { id strategyId } }`);
    expect(mine.data!.orders).toEqual([{ id: first.id, strategyId: 's-1' }]);
  });

  it('an order whose answer was lost on the way is read back by its client order id, not sent again', async () => {
    fake.loseNextOrderAnswer();
    const before = orderPosts();
    const input = { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1, clientOrderId: 'lost-1', reason: 'lost' };
    const recovered = await place(input);
    expect(recovered.errors).toBeUndefined();
    expect(recovered.data!.placeOrder).toMatchObject({ clientOrderId: 'lost-1', reason: 'lost' });
    expect(orderPosts()).toBe(before + 1);
    expect(fake.requests).toContain('GET /v2/orders:by_client_order_id?client_order_id=lost-1');
  });

  it('after the stream reconnects, the orders it may have missed are published again', async () => {
    const client = graphqlWsClient(address, user.token);
    clients.push(client);
    const updates = client.iterate<Record<'orderUpdates', OrderData>>({
      query: `subscription { orderUpdates { id status } }`,
    });
    // Dropped until an update arrives (the subscription starts asynchronously); nothing is placed meanwhile.
    const event = (await nextWhile(updates, async () => {
      fake.dropStreams();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    })) as ExecutionResult<Record<'orderUpdates', OrderData>>;
    expect(event.data!.orderUpdates.status).toMatch(/FILLED|CANCELLED/);
    await expect.poll(() => fake.streamConnections()).toBe(1);
  });

  it("maps Alpaca's 403, 422 and 429 to the app's errors", async () => {
    fake.setPrice('PFE', 100_000);
    const poor = await place({ symbol: 'PFE', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(poor.errors?.[0]).toMatchObject({
      message: 'insufficient buying power',
      extensions: { code: 'insufficient_buying_power' },
    });
    fake.setPrice('PFE', t.market.getQuote('PFE')!.ask);
    // A symbol the app knows and Alpaca does not: 422 naming it.
    const unknown = await place({ symbol: 'KO', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(unknown.errors?.[0]?.message).toContain('"KO" not found');
    fake.rateLimitNext(10, 0);
    const limited = await place({ symbol: 'PFE', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(limited.errors?.[0]?.extensions?.code).toBe('too_many_requests');
    fake.rateLimitNext(0, 0);
  });

  it('applies the risk checks to live orders before they reach Alpaca', async () => {
    const before = orderPosts();
    // 1,000 shares are over the default max position size ($1,000) and the account's buying power.
    const refused = await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1_000 });
    expect(refused.errors?.[0]?.extensions?.code).toMatch(/insufficient_buying_power|max_position_size_exceeded/);
    expect(orderPosts()).toBe(before);
  });

  it('a DAY limit order also works in the extended sessions when the user prefers extended hours', async () => {
    const SAVE = `mutation S($input: TradingParametersInput!) { updateTradingParameters(input: $input) {
      preferredTradingHours } }`;
    const parameters = (preferredTradingHours: string) => ({
      accountSizeAllocation: 100,
      maxPositionSize: 1_000,
      dailyLossLimit: 500,
      riskTolerance: 'moderate',
      preferredTradingHours,
      assetPreferences: ['stocks', 'etfs'],
    });
    const limit = Math.floor(t.market.getQuote('PFE')!.ask * 50) / 100;
    const order = (clientOrderId: string, type = 'LIMIT') =>
      place({ symbol: 'PFE', side: 'BUY', type, quantity: 1, price: type === 'LIMIT' ? limit : null, clientOrderId });
    expect((await order('regular-session-1')).errors).toBeUndefined();
    expect(fake.extendedHours('regular-session-1')).toBe(false);

    expect((await call(SAVE, { input: parameters('extended_hours') })).errors).toBeUndefined();
    expect((await order('extended-session-1')).errors).toBeUndefined();
    expect(fake.extendedHours('extended-session-1')).toBe(true);
    // A market order keeps to the regular session (Alpaca refuses any other extended-hours order).
    expect((await order('extended-session-2', 'MARKET')).errors).toBeUndefined();
    expect(fake.extendedHours('extended-session-2')).toBe(false);
    expect((await call(SAVE, { input: parameters('market_hours') })).errors).toBeUndefined();
  });

  it('back in paper mode, orders go to the paper broker and nothing reaches Alpaca', async () => {
    await call(MODE, { input: { mode: 'paper' } });
    const before = orderPosts();
    const paper = await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(paper.errors).toBeUndefined();
    expect(orderPosts()).toBe(before);
    const history = await call<{ trades: TradeData[] }>(`{ trades(limit: 50) { brokerId } }`);
    expect(history.data!.trades.map((trade) => trade.brokerId)).toEqual(['paper']);
    // Another user is never routed to this user's live account.
    const other = await createUserWithSession(t.db);
    expect(
      (await call<{ tradingMode: { canTradeLive: boolean } }>(MODE_INFO, {}, other.token)).data!.tradingMode
        .canTradeLive,
    ).toBe(false);
  });

  it('never logs the credentials (orders, refusals, stream drops and reconnections included)', () => {
    expect(logs.length).toBeGreaterThan(0);
    const all = logs.join('\n');
    expect(all).not.toContain(TRADING_KEY.secretKey);
    expect(all).not.toContain(TRADING_KEY.keyId);
  });

  it("a switch made on another server: the next order goes to the new mode's broker, never the other", async () => {
    // This server remembers paper (the orders of the test before, within the last seconds); another server switches
    // the user to live, written in the shared database.
    const setMode = (mode: 'live' | 'paper') =>
      t.db.update(preferences).set({ tradingMode: mode }).where(eq(preferences.userId, user.id));
    await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 });
    const paperTrades = async () =>
      (await call<{ trades: TradeData[] }>(`{ trades(limit: 50) { brokerId } }`)).data!.trades.length;
    const paperBefore = await paperTrades();
    await setMode('live');
    const before = orderPosts();
    const live = await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(live.errors).toBeUndefined();
    expect(orderPosts()).toBe(before + 1);
    // Back to paper on the other server, while this one remembers live: the order stays off Alpaca, filled on paper.
    await setMode('paper');
    const paper = await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(paper.errors).toBeUndefined();
    expect(orderPosts()).toBe(before + 1);
    expect(await paperTrades()).toBe(paperBefore + 1);
  });

  it('closes the stream of a disconnected live connection; live orders are then refused, never sent', async () => {
    await call(MODE, { input: { mode: 'live' } });
    await call(`mutation D($id: ID!) { disconnectBroker(id: $id) }`, { id: connectionId });
    await expect.poll(() => fake.streamConnections()).toBe(0);
    expect(await mode()).toMatchObject({ effectiveMode: 'paper', canTradeLive: false });
    const before = orderPosts();
    const refused = await place({ symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(refused.errors?.[0]?.extensions?.code).toBe('live_trading_not_allowed');
    expect(orderPosts()).toBe(before);
  });
});
