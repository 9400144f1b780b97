/**
 * The Tradier client (issue 14 point 1, the second real adapter) against a local server speaking Tradier's
 * protocol (tests/fixtures/tradierServer.ts): profile, balances, positions ("null", one object, an array) and
 * orders mapped to the app's shapes; place, list, cancel; Tradier's refusals mapped to the app's errors (400
 * buying power, shares, fields; 400 on a finished order's cancel; 404; 401) and 429 retried until
 * X-Ratelimit-Expiry, then surfaced; OAuth code exchange and refresh with rotation; the account events stream
 * delivering a fill (and reconnecting with a new session); the paper (sandbox) poller reporting the same.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAccountEvents } from '../../server/services/brokers/tradier/accountEvents';
import {
  accountSnapshot,
  toOrder,
  toOrderRequest,
  toPortfolio,
  type TradierOrderUpdate,
} from '../../server/services/brokers/tradier/mapping';
import { pollOrderUpdates } from '../../server/services/brokers/tradier/orderPolling';
import { TradierError, toAppError } from '../../server/services/brokers/tradier/tradierErrors';
import { createTradierOAuth, TradierOAuthError } from '../../server/services/brokers/tradier/tradierOAuth';
import { createTradierRest } from '../../server/services/brokers/tradier/tradierRest';
import { AppError } from '../../server/services/errors';
import { until } from '../fixtures/alpacaServer';
import { ONE_ACCOUNT, startFakeTradier, TWO_ACCOUNTS, type FakeTradier } from '../fixtures/tradierServer';

let fake: FakeTradier;
const streams: { close(): void }[] = [];

beforeAll(async () => {
  fake = await startFakeTradier({ startingCash: 10_000 });
  fake.setPrice('AAPL', 200, 190);
  fake.setPrice('SPY', 500);
  fake.setPrice('MSFT', 400);
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(() => fake.close());

const rest = (accessToken = ONE_ACCOUNT.token) =>
  createTradierRest({ baseUrl: fake.baseUrl, accessToken, sleep: () => Promise.resolve() });

/** The app's error for what `promise` throws. */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TradierError);
  return toAppError(error as TradierError);
}

function listen(accessToken = ONE_ACCOUNT.token, errors: Error[] = []) {
  const updates: TradierOrderUpdate[] = [];
  let reconnects = 0;
  const stream = openAccountEvents({
    rest: rest(accessToken),
    accountNumber: ONE_ACCOUNT.accountNumber,
    onUpdate: (update) => updates.push(update),
    onError: (error) => errors.push(error),
    onReconnect: () => reconnects++,
    reconnectMs: 20,
  });
  streams.push(stream);
  return { stream, updates, reconnects: () => reconnects };
}

describe('Tradier accounts and balances', () => {
  it('reads one account (an object) or several (an array) from the profile, and a cash account’s snapshot', async () => {
    const [one] = await rest().accounts();
    expect(one).toMatchObject({ account_number: ONE_ACCOUNT.accountNumber, type: 'cash', status: 'active' });
    expect((await rest(TWO_ACCOUNTS.token).accounts()).map((a) => a.account_number)).toEqual(
      TWO_ACCOUNTS.accountNumbers,
    );
    const balances = await rest(TWO_ACCOUNTS.token).account(TWO_ACCOUNTS.accountNumbers[1]!).balances();
    expect(accountSnapshot({ ...one!, account_number: TWO_ACCOUNTS.accountNumbers[1]! }, balances)).toEqual({
      accountNumber: TWO_ACCOUNTS.accountNumbers[1],
      buyingPower: 10_000,
      portfolioValue: 10_000,
      cashBalance: 10_000,
      dayTradeCount: 0,
      isPatternDayTrader: false,
      marginUsed: 0,
      tradingBlocked: false,
    });
  });

  it('an account of another token is 404, an unknown token 401 saying to verify again (never UNAUTHENTICATED)', async () => {
    expect((await appErrorOf(rest().account(TWO_ACCOUNTS.accountNumbers[0]!).balances())).code).toBe('NOT_FOUND');
    const refused = await appErrorOf(rest('not-a-token').accounts());
    expect(refused.code).toBe('broker_error');
    expect(refused.message).toBe('Tradier refused the access token: verify the connection again.');
    expect(refused.message).not.toContain('not-a-token');
  });
});

describe('Tradier orders, positions and portfolio', () => {
  const account = () => rest(TWO_ACCOUNTS.token).account(TWO_ACCOUNTS.accountNumbers[0]!);

  it('positions are "null", then one object, then an array; the portfolio values them at their quotes', async () => {
    const tradier = account();
    expect(await tradier.positions()).toEqual([]);
    const buy = await tradier.placeOrder(toOrderRequest({ symbol: 'AAPL', side: 'BUY', type: 'MARKET', quantity: 5 }));
    fake.fill(buy.id);
    expect(await tradier.positions()).toMatchObject([{ symbol: 'AAPL', quantity: 5, cost_basis: 1000 }]);
    const second = await tradier.placeOrder(
      toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 2 }),
    );
    fake.fill(second.id);
    const positions = await tradier.positions();
    expect(positions.map((p) => p.symbol).sort()).toEqual(['AAPL', 'SPY']);

    fake.setPrice('AAPL', 210, 190);
    const quotes = await rest(TWO_ACCOUNTS.token).quotes(positions.map((p) => p.symbol));
    const portfolio = toPortfolio(await tradier.balances(), positions, quotes, new Date());
    expect(portfolio).toMatchObject({ cash: 8000, buyingPower: 8000, totalValue: 8000 + 1050 + 1000 });
    const aapl = portfolio.positions.find((p) => p.symbol === 'AAPL')!;
    // Bought today: the day's P&L counts from the fill price, not from the previous close.
    expect(aapl).toMatchObject({ quantity: 5, averageCost: 200, currentPrice: 210, unrealizedPnL: 50, dayPnL: 50 });
    fake.setPrice('AAPL', 200, 190);
  });

  it('places a limit order with its tag, lists it, reads it back and cancels it; a second cancel is refused', async () => {
    const tradier = account();
    const placed = await tradier.placeOrder(
      toOrderRequest({
        symbol: 'MSFT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: 3,
        price: 390,
        timeInForce: 'GTC',
        clientOrderId: 'strategy-1-MSFT-1700000000000-B',
      }),
    );
    expect(placed.status).toBe('ok');
    const listed = (await tradier.orders()).find((o) => o.id === placed.id)!;
    expect(toOrder(listed, { strategyId: 's-1' })).toMatchObject({
      id: String(placed.id),
      clientOrderId: 'strategy-1-MSFT-1700000000000-B',
      symbol: 'MSFT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: 3,
      price: 390,
      stopPrice: null,
      timeInForce: 'GTC',
      status: 'OPEN',
      filledQuantity: 0,
      averageFillPrice: null,
      strategyId: 's-1',
    });
    expect((await tradier.orderByTag('strategy-1-MSFT-1700000000000-B'))?.id).toBe(placed.id);
    await tradier.cancelOrder(placed.id);
    expect(toOrder(await tradier.order(placed.id)).status).toBe('CANCELLED');
    expect((await appErrorOf(tradier.cancelOrder(placed.id))).code).toBe('order_not_cancellable');
    expect((await appErrorOf(tradier.order(999_999))).code).toBe('NOT_FOUND');
  });

  it('maps Tradier’s order refusals: buying power, shares held, a field named', async () => {
    const tradier = account();
    const tooBig = await appErrorOf(
      tradier.placeOrder(toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 1000 })),
    );
    expect(tooBig.code).toBe('insufficient_buying_power');
    const oversell = await appErrorOf(
      tradier.placeOrder(toOrderRequest({ symbol: 'MSFT', side: 'SELL', type: 'MARKET', quantity: 1 })),
    );
    expect(oversell.code).toBe('insufficient_position');
    const noLimit = await appErrorOf(
      tradier.placeOrder({
        ...toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 1 }),
        type: 'limit',
      }),
    );
    expect(noLimit.code).toBe('BAD_USER_INPUT');
    expect(noLimit.message).toMatch(/^price: /);
    const fractional = await appErrorOf(
      tradier.placeOrder(toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 0.5 })),
    );
    expect(fractional.message).toMatch(/^quantity: /);
  });
});

describe('Tradier rate limit', () => {
  it('waits until X-Ratelimit-Expiry and retries; past the retries the 429 is too_many_requests with retryAfter', async () => {
    const waits: number[] = [];
    const limitedClient = createTradierRest({
      baseUrl: fake.baseUrl,
      accessToken: ONE_ACCOUNT.token,
      retries: 2,
      maxWaitMs: 60_000,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    fake.rateLimitNext(2, 3000);
    expect(await limitedClient.accounts()).toHaveLength(1);
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeGreaterThan(2000);

    fake.rateLimitNext(3, 4000);
    const limited = await appErrorOf(limitedClient.accounts());
    expect(limited.code).toBe('too_many_requests');
    expect(limited.details.retryAfter).toBeGreaterThanOrEqual(3);
    expect(limited.details.retryAfter).toBeLessThanOrEqual(4);
  });
});

describe('Tradier OAuth', () => {
  const app = {
    clientId: 'tradier-client',
    clientSecret: 'tradier-client-secret',
    redirectUri: 'http://127.0.0.1:9/oauth/callback',
  };
  const oauth = () =>
    createTradierOAuth({
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      authorizeUrl: `${fake.baseUrl}/oauth/authorize`,
      tokenBaseUrl: fake.baseUrl,
    });

  /** Follows the authorization URL as a browser would: the redirect's query. */
  async function authorize(state: string): Promise<URLSearchParams> {
    const response = await fetch(oauth().authorizationUrl(state), { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!).searchParams;
  }

  it('exchanges a code for tokens; a refresh rotates the refresh token and retires the old tokens', async () => {
    fake.oauthApp(app);
    const url = new URL(oauth().authorizationUrl('state-123'));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: app.clientId,
      scope: 'read,write,trade',
      state: 'state-123',
    });
    const back = await authorize('state-123');
    expect(back.get('state')).toBe('state-123');
    const tokens = await oauth().exchangeCode(back.get('code')!);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scope).toBe('read,write,trade');
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    expect(await rest(tokens.accessToken).accounts()).toMatchObject([{ account_number: ONE_ACCOUNT.accountNumber }]);
    // The code was sent in the form, the client secret only in the Basic header.
    expect(fake.tokenRequests.at(-1)).toEqual({ grant_type: 'authorization_code', code: back.get('code') });

    const renewed = await oauth().refresh(tokens.refreshToken!);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(await rest(renewed.accessToken).accounts()).toHaveLength(1);
    expect((await appErrorOf(rest(tokens.accessToken).accounts())).code).toBe('broker_error');
    const reused = await oauth()
      .refresh(tokens.refreshToken!)
      .catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(TradierOAuthError);
    expect(reused).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(String((reused as Error).message)).not.toContain(tokens.refreshToken!);
  });

  it('a used code, a wrong client secret and a refusal by the user', async () => {
    fake.oauthApp(app);
    const code = (await authorize('state-456')).get('code')!;
    await oauth().exchangeCode(code);
    await expect(oauth().exchangeCode(code)).rejects.toMatchObject({ status: 400, code: 'invalid_grant' });
    const wrongSecret = createTradierOAuth({
      clientId: app.clientId,
      clientSecret: 'wrong',
      authorizeUrl: `${fake.baseUrl}/oauth/authorize`,
      tokenBaseUrl: fake.baseUrl,
    });
    await expect(wrongSecret.exchangeCode((await authorize('s')).get('code')!)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_client',
    });
    fake.denyNextAuthorization();
    const denied = await authorize('state-789');
    expect(denied.get('error')).toBe('access_denied');
    expect(denied.get('code')).toBeNull();
  });
});

describe('Tradier account events', () => {
  const account = () => rest().account(ONE_ACCOUNT.accountNumber);

  it('delivers the order’s events, a partial then a full fill, and reconnects with a new session', async () => {
    const { stream, updates, reconnects } = listen();
    await stream.ready();
    await until(() => fake.subscribers() === 1);
    const placed = await account().placeOrder(
      toOrderRequest({ symbol: 'AAPL', side: 'BUY', type: 'MARKET', quantity: 4 }),
    );
    fake.fill(placed.id, 1);
    fake.fill(placed.id);
    await until(() => updates.some((u) => u.status === 'FILLED'));
    expect(updates.map((u) => [u.orderId, u.status, u.filledQuantity, u.fill])).toEqual([
      [String(placed.id), 'OPEN', 0, null],
      [String(placed.id), 'PARTIALLY_FILLED', 1, { quantity: 1, price: 200 }],
      [String(placed.id), 'FILLED', 4, { quantity: 3, price: 200 }],
    ]);
    expect(updates.at(-1)?.averageFillPrice).toBe(200);

    const sessionsBefore = fake.requests.filter((r) => r === 'POST /v1/accounts/events/session').length;
    fake.dropStreams();
    await until(() => reconnects() === 1 && fake.subscribers() === 1);
    expect(fake.requests.filter((r) => r === 'POST /v1/accounts/events/session').length).toBe(sessionsBefore + 1);
    const sell = await account().placeOrder(
      toOrderRequest({ symbol: 'AAPL', side: 'SELL', type: 'MARKET', quantity: 4 }),
    );
    fake.fill(sell.id);
    await until(() => updates.some((u) => u.orderId === String(sell.id) && u.status === 'FILLED'));
  });

  it('a refused token stops the stream and says so once', async () => {
    const errors: Error[] = [];
    const { stream } = listen('not-a-token', errors);
    await expect(stream.ready()).rejects.toThrow('the access token was refused');
    expect(stream.state()).toBe('unauthorized');
    expect(errors).toHaveLength(1);
  });

  it('in paper (no stream in the sandbox) polling the orders reports the same updates', async () => {
    const updates: TradierOrderUpdate[] = [];
    const polling = pollOrderUpdates({ account: account(), onUpdate: (u) => updates.push(u), intervalMs: 60_000 });
    streams.push(polling);
    await polling.ready();
    expect(updates).toEqual([]);
    const placed = await account().placeOrder(
      toOrderRequest({ symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 2 }),
    );
    await polling.poll();
    fake.fill(placed.id);
    await polling.poll();
    await polling.poll();
    expect(updates.map((u) => [u.status, u.filledQuantity, u.fill])).toEqual([
      ['OPEN', 0, null],
      ['FILLED', 2, { quantity: 2, price: 500 }],
    ]);
  });
});
