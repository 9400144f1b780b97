/**
 * The Alpaca Trading API v2 client (issue 14 point 1) against a local server speaking its protocol
 * (tests/fixtures/alpacaTradingServer.ts): the account, positions and orders mapped to the app's shapes, the
 * `trade_updates` stream (binary frames, reconnect, refused credentials), Alpaca's refusals mapped to the app's
 * errors (403 buying power and shares, 422 invalid input and not cancelable, 404, 401), and 429 retried after
 * the wait Alpaca gives.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toOrder, toOrderRequest, toPortfolio } from '../../server/services/brokers/alpaca/mapping';
import { openTradeUpdates, type TradeUpdatesStream } from '../../server/services/brokers/alpaca/tradeUpdates';
import { AlpacaTradingError, toAppError } from '../../server/services/brokers/alpaca/tradingErrors';
import { createAlpacaTradingRest, type AlpacaAuth } from '../../server/services/brokers/alpaca/tradingRest';
import type { AlpacaTradeUpdate } from '../../server/services/brokers/alpaca/wire';
import { AppError } from '../../server/services/errors';
import {
  startFakeAlpacaTrading,
  TRADING_KEY,
  TRADING_OAUTH_TOKEN,
  type FakeAlpacaTrading,
} from '../fixtures/alpacaTradingServer';
import { until } from '../fixtures/waiting';

const KEYS: AlpacaAuth = { kind: 'keys', ...TRADING_KEY };
let fake: FakeAlpacaTrading;
const streams: TradeUpdatesStream[] = [];

beforeAll(async () => {
  fake = await startFakeAlpacaTrading({ startingCash: 10_000 });
  fake.setPrice('AAPL', 200);
  fake.setPrice('SPY', 500);
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(() => fake.close());

function listen(auth: AlpacaAuth = KEYS, extra: { onReconnect?: () => void; errors?: Error[] } = {}) {
  const updates: AlpacaTradeUpdate[] = [];
  const stream = openTradeUpdates({
    url: fake.streamUrl,
    auth,
    onUpdate: (update) => updates.push(update),
    onError: (error) => extra.errors?.push(error),
    onReconnect: extra.onReconnect,
    reconnectMs: 20,
  });
  streams.push(stream);
  return { stream, updates };
}

/** The app's error for what `promise` throws. */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AlpacaTradingError);
  return toAppError(error as AlpacaTradingError);
}

describe('Alpaca trading client', () => {
  const client = () => createAlpacaTradingRest({ baseUrl: fake.baseUrl, auth: KEYS });

  it('buys at market: the order, its new and fill events on the stream, the position and the fill', async () => {
    const alpaca = client();
    const { stream, updates } = listen();
    await stream.ready();
    const placed = await alpaca.placeOrder(
      toOrderRequest({ symbol: 'AAPL', side: 'BUY', type: 'MARKET', quantity: 3, clientOrderId: 'strategy-1-bar-1' }),
    );
    const order = toOrder(placed, { strategyId: 's-1', reason: 'SMA 20 crossed above SMA 50' });
    expect(order).toMatchObject({
      symbol: 'AAPL',
      side: 'BUY',
      type: 'MARKET',
      quantity: 3,
      status: 'OPEN',
      filledQuantity: 0,
      timeInForce: 'DAY',
      clientOrderId: 'strategy-1-bar-1',
      strategyId: 's-1',
      reason: 'SMA 20 crossed above SMA 50',
    });
    await until(() => updates.some((u) => u.event === 'fill' && u.order.id === placed.id));
    expect(updates.map((u) => u.event)).toEqual(['new', 'fill']);
    const fill = updates[1]!;
    expect(fill).toMatchObject({ price: '200', qty: '3', position_qty: '3' });
    expect(toOrder(fill.order)).toMatchObject({ status: 'FILLED', filledQuantity: 3, averageFillPrice: 200 });

    const [account, positions, fills] = await Promise.all([alpaca.account(), alpaca.positions(), alpaca.fills()]);
    const portfolio = toPortfolio(account, positions, new Date());
    expect(portfolio).toMatchObject({ cash: 9_400, totalValue: 10_000, buyingPower: 9_400 });
    expect(portfolio.positions).toEqual([
      expect.objectContaining({ symbol: 'AAPL', quantity: 3, averageCost: 200, marketValue: 600, side: 'long' }),
    ]);
    expect(fills[0]).toMatchObject({ order_id: placed.id, qty: '3', price: '200', side: 'buy' });
    expect(toOrder(await alpaca.orderByClientId('strategy-1-bar-1')).id).toBe(placed.id);
    expect(toOrder(await alpaca.order(placed.id)).status).toBe('FILLED');
  });

  it('maps Alpaca refusals to the app’s errors with Alpaca’s reason', async () => {
    const alpaca = client();
    const tooBig = await appErrorOf(
      alpaca.placeOrder(toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 1_000 })),
    );
    expect(tooBig).toMatchObject({ code: 'insufficient_buying_power', message: 'insufficient buying power' });
    const oversell = await appErrorOf(
      alpaca.placeOrder(toOrderRequest({ symbol: 'SPY', side: 'SELL', type: 'MARKET', quantity: 1 })),
    );
    expect(oversell.code).toBe('insufficient_position');
    expect(oversell.message).toMatch(/insufficient qty available for order \(requested: 1, available: 0\)/);
    const invalid = await appErrorOf(
      alpaca.placeOrder({ ...toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 1 }), qty: '0' }),
    );
    expect(invalid).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Alpaca refused the order: qty must be > 0' });
    expect((await appErrorOf(alpaca.order('00000000-0000-0000-0000-000000000000'))).code).toBe('NOT_FOUND');
  });

  it('cancels a resting limit order (the stream says canceled), and not twice', async () => {
    const alpaca = client();
    const { stream, updates } = listen();
    await stream.ready();
    const placed = await alpaca.placeOrder(
      toOrderRequest({ symbol: 'AAPL', side: 'BUY', type: 'LIMIT', price: 150, quantity: 2, timeInForce: 'GTC' }),
    );
    expect(toOrder(placed)).toMatchObject({ status: 'OPEN', type: 'LIMIT', price: 150, timeInForce: 'GTC' });
    expect((await alpaca.orders({ status: 'open' })).map((o) => o.id)).toContain(placed.id);
    await alpaca.cancelOrder(placed.id);
    await until(() => updates.some((u) => u.event === 'canceled' && u.order.id === placed.id));
    expect(toOrder((await alpaca.order(placed.id)) ?? placed).status).toBe('CANCELLED');
    expect((await appErrorOf(alpaca.cancelOrder(placed.id))).code).toBe('order_not_cancellable');
  });

  it('a limit order fills when the price crosses it', async () => {
    const alpaca = client();
    const { stream, updates } = listen();
    await stream.ready();
    const placed = await alpaca.placeOrder(
      toOrderRequest({ symbol: 'AAPL', side: 'SELL', type: 'LIMIT', price: 210, quantity: 1 }),
    );
    fake.setPrice('AAPL', 209);
    expect(toOrder(await alpaca.order(placed.id)).status).toBe('OPEN');
    fake.setPrice('AAPL', 211);
    await until(() => updates.some((u) => u.event === 'fill' && u.order.id === placed.id));
    expect(updates.find((u) => u.event === 'fill')).toMatchObject({ price: '211', qty: '1', position_qty: '2' });
    fake.setPrice('AAPL', 200);
  });

  it('waits out 429s as Alpaca asks (up to maxWaitMs), then gives up with the wait in retryAfter', async () => {
    const waits: number[] = [];
    const alpaca = createAlpacaTradingRest({
      baseUrl: fake.baseUrl,
      auth: KEYS,
      sleep: async (ms) => void waits.push(ms),
    });
    const before = (await alpaca.orders({ status: 'all', limit: 500 })).length;
    fake.rateLimitNext(2, 3);
    const placed = await alpaca.placeOrder(
      toOrderRequest({ symbol: 'AAPL', side: 'BUY', type: 'MARKET', quantity: 1 }),
    );
    expect(placed.symbol).toBe('AAPL');
    expect(waits).toEqual([3_000, 3_000]);
    // Three attempts, one order: the 429s were not acted on.
    expect(fake.requests.slice(-3)).toEqual(['POST /v2/orders', 'POST /v2/orders', 'POST /v2/orders']);
    expect((await alpaca.orders({ status: 'all', limit: 500 })).length).toBe(before + 1);
    fake.rateLimitNext(3, 7);
    const refused = await appErrorOf(alpaca.account());
    expect(refused).toMatchObject({ code: 'too_many_requests', details: { retryAfter: 7 } });
    // A wait beyond maxWaitMs (5 s) is not waited out: the 429 is answered at once, after one attempt.
    expect(waits).toEqual([3_000, 3_000]);
    expect(fake.requests.at(-1)).toBe('GET /v2/account');
    fake.rateLimitNext(0, 0);
  });

  it('signs with OAuth bearer tokens too; bad credentials are a broker error, never in a message', async () => {
    const oauth = createAlpacaTradingRest({
      baseUrl: fake.baseUrl,
      auth: { kind: 'oauth', accessToken: TRADING_OAUTH_TOKEN },
    });
    expect(toPortfolio(await oauth.account(), await oauth.positions(), new Date()).cash).toBe(10_000);
    expect(fake.requestHeaders.at(-1)?.authorization).toBe(`Bearer ${TRADING_OAUTH_TOKEN}`);
    const wrong = createAlpacaTradingRest({
      baseUrl: fake.baseUrl,
      auth: { kind: 'keys', keyId: 'PKWRONG', secretKey: 'nope-secret' },
    });
    const error = (await wrong.account().then(
      () => null,
      (reason: unknown) => reason,
    )) as AlpacaTradingError;
    expect(error).toBeInstanceOf(AlpacaTradingError);
    expect(error.message).not.toMatch(/nope-secret|PKWRONG/);
    expect(toAppError(error)).toMatchObject({
      code: 'broker_error',
      message: 'Alpaca refused the credentials: verify the connection again.',
    });
    // Credentials travel in headers only.
    expect(fake.requests.some((r) => r.includes(TRADING_KEY.secretKey) || r.includes(TRADING_OAUTH_TOKEN))).toBe(false);
  });

  it('the stream: OAuth works, refused credentials are reported once and not retried, a dropped stream comes back', async () => {
    const { stream: viaOauth } = listen({ kind: 'oauth', accessToken: TRADING_OAUTH_TOKEN });
    await viaOauth.ready();
    const errors: Error[] = [];
    const { stream: refused } = listen({ kind: 'keys', keyId: 'PKWRONG', secretKey: 'x' }, { errors });
    await expect(refused.ready()).rejects.toThrow(/refused/);
    expect(refused.state()).toBe('unauthorized');
    let reconnected = 0;
    const { stream, updates } = listen(KEYS, { onReconnect: () => reconnected++ });
    await stream.ready();
    fake.dropStreams();
    await until(() => reconnected === 1 && stream.state() === 'listening');
    const placed = await client().placeOrder(
      toOrderRequest({ symbol: 'AAPL', side: 'BUY', type: 'MARKET', quantity: 1 }),
    );
    await until(() => updates.some((u) => u.event === 'fill' && u.order.id === placed.id));
    expect(errors.filter((e) => /refused/.test(e.message))).toHaveLength(1);
  });
});
