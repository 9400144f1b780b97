/**
 * The Tradier client (issue 14 point 1, the second real adapter) against a local server speaking Tradier's
 * protocol (tests/fixtures/tradierServer.ts): profile (one account or several), balances as the connection's
 * snapshot, positions ("null", one object, an array) and orders mapped to the app's shapes; place, list, cancel;
 * Tradier's refusals as the app's errors (400 buying power, shares, a field; 400 on a finished order's cancel;
 * 404; 401) and 429 retried until X-Ratelimit-Expiry, then surfaced. OAuth and the order stream:
 * brokerTradierStream.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSnapshot, toOrder, toOrderRequest, toPortfolio } from '../../server/services/brokers/tradier/mapping';
import { orderTrade } from '../../server/services/brokers/tradier/trades';
import { TradierError, toAppError } from '../../server/services/brokers/tradier/tradierErrors';
import { createTradierRest } from '../../server/services/brokers/tradier/tradierRest';
import { verifyTradier } from '../../server/services/brokers/tradier/verify';
import type { AppError } from '../../server/services/errors';
import { ONE_ACCOUNT, startFakeTradier, TWO_ACCOUNTS, type FakeTradier } from '../fixtures/tradierServer';

let fake: FakeTradier;

beforeAll(async () => {
  fake = await startFakeTradier({ startingCash: 10_000 });
  fake.setPrice('AAPL', 200, 190);
  fake.setPrice('SPY', 500);
  fake.setPrice('MSFT', 400);
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

  it('verifying picks the named account or the first active one; an account the token does not open is refused', async () => {
    const verified = await verifyTradier(rest(TWO_ACCOUNTS.token), TWO_ACCOUNTS.accountNumbers[1]);
    expect(verified.account.account_number).toBe(TWO_ACCOUNTS.accountNumbers[1]);
    expect(verified.snapshot).toMatchObject({ accountNumber: TWO_ACCOUNTS.accountNumbers[1], portfolioValue: 10_000 });
    expect((await verifyTradier(rest())).account.account_number).toBe(ONE_ACCOUNT.accountNumber);
    await expect(verifyTradier(rest(), TWO_ACCOUNTS.accountNumbers[0])).rejects.toMatchObject({
      code: 'broker_error',
      message: 'Tradier: this authorization does not open the connected account; connect again.',
    });
  });

  it('an account of another token is 404, an unknown token 401 saying to verify again (never UNAUTHENTICATED)', async () => {
    expect((await appErrorOf(rest().account(TWO_ACCOUNTS.accountNumbers[0]!).balances())).code).toBe('NOT_FOUND');
    const refused = await appErrorOf(rest('not-a-token').accounts());
    expect(refused.code).toBe('broker_error');
    expect(refused.message).toBe('Tradier refused the access token: verify the connection again.');
    expect(refused.message).not.toContain('not-a-token');
    // The token travels in the Authorization header only: never in a URL.
    expect(fake.requests.some((request) => request.includes(ONE_ACCOUNT.token))).toBe(false);
    expect(fake.requestHeaders.at(-1)).toMatchObject({
      authorization: 'Bearer not-a-token',
      accept: 'application/json',
    });
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
    expect(orderTrade(await tradier.order(buy.id), 'connection-1', { strategyId: 's-1' })).toMatchObject({
      id: `${buy.id}:5`,
      orderId: String(buy.id),
      symbol: 'AAPL',
      side: 'BUY',
      quantity: 5,
      price: 200,
      brokerId: 'connection-1',
      strategyId: 's-1',
    });
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
  /** A client that records the waits it is asked for instead of sleeping them. */
  function recordingClient(maxWaitMs: number) {
    const waits: number[] = [];
    const client = createTradierRest({
      baseUrl: fake.baseUrl,
      accessToken: ONE_ACCOUNT.token,
      retries: 2,
      maxWaitMs,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    return { client, waits };
  }

  it('waits until X-Ratelimit-Expiry and retries; past the retries the 429 is too_many_requests with retryAfter', async () => {
    const { client: limitedClient, waits } = recordingClient(60_000);
    fake.rateLimitNext(2, 3000);
    expect(await limitedClient.accounts()).toHaveLength(1);
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeGreaterThan(2000);

    fake.rateLimitNext(3, 4000);
    const limited = await appErrorOf(limitedClient.accounts());
    expect(limited.code).toBe('too_many_requests');
    expect(limited.details.retryAfter).toBeGreaterThanOrEqual(3);
    expect(limited.details.retryAfter).toBeLessThanOrEqual(4);
    expect(waits).toHaveLength(4);
  });

  it('a window longer than the longest wait is not waited: the 429 is surfaced at once with Tradier’s wait', async () => {
    const { client: impatient, waits } = recordingClient(5_000);
    const before = fake.requests.length;
    fake.rateLimitNext(1, 45_000);
    const limited = await appErrorOf(impatient.accounts());
    expect(limited.details.retryAfter).toBeGreaterThanOrEqual(44);
    expect(waits).toEqual([]);
    expect(fake.requests.length).toBe(before + 1);
    expect(await impatient.accounts()).toHaveLength(1);
  });
});
