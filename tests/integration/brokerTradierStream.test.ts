/**
 * Tradier's OAuth and order updates (issue 14 points 1 and 4) against a local server speaking Tradier's protocol
 * (tests/fixtures/tradierServer.ts): the authorize redirect, the code exchange and the refresh that rotates the
 * refresh token (old tokens retired, no secret in an error); the account events stream delivering an order's
 * events and fills, reconnecting with a new session, stopping on a refused token; and the sandbox's polling.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAccountEvents } from '../../server/services/brokers/tradier/accountEvents';
import { toOrderRequest, type TradierOrderUpdate } from '../../server/services/brokers/tradier/mapping';
import { pollOrderUpdates } from '../../server/services/brokers/tradier/orderPolling';
import { TradierError, toAppError } from '../../server/services/brokers/tradier/tradierErrors';
import { createTradierOAuth, TradierOAuthError } from '../../server/services/brokers/tradier/tradierOAuth';
import { createTradierRest } from '../../server/services/brokers/tradier/tradierRest';
import { updateTrade } from '../../server/services/brokers/tradier/trades';
import { until } from '../fixtures/waiting';
import { ONE_ACCOUNT, startFakeTradier, type FakeTradier } from '../fixtures/tradierServer';

let fake: FakeTradier;
const streams: { close(): void }[] = [];

beforeAll(async () => {
  fake = await startFakeTradier({ startingCash: 10_000 });
  fake.setPrice('AAPL', 200);
  fake.setPrice('SPY', 500);
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(() => fake.close());

const rest = (accessToken = ONE_ACCOUNT.token) =>
  createTradierRest({ baseUrl: fake.baseUrl, accessToken, sleep: () => Promise.resolve() });

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
    const retired = await rest(tokens.accessToken)
      .accounts()
      .catch((error: unknown) => error);
    expect(retired).toBeInstanceOf(TradierError);
    expect(toAppError(retired as TradierError).code).toBe('broker_error');
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
    const order = { symbol: 'AAPL', side: 'buy' } as const;
    expect(updates.map((u) => updateTrade(u, order, 'connection-1')?.id ?? null)).toEqual([
      null,
      `${placed.id}:1`,
      `${placed.id}:4`,
    ]);

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
