/**
 * ORDERS_PER_MINUTE holds for live orders too (issue 12 point 4, issue 14 point 7): on PGlite and PostgreSQL, with
 * Alpaca played by the local server, the order beyond the limit is refused with too_many_requests and its wait, and
 * never reaches Alpaca.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, placeOrder, type TradingTestApp } from './ordersSetup';

describe.each(drivers)('live orders per minute (%s)', (driver) => {
  let t: TradingTestApp;
  let fake: FakeAlpacaTrading;
  let user: { id: string; token: string };
  beforeAll(async () => {
    fake = await startFakeAlpacaTrading();
    t = await createTradingTestApp(driver, {
      env: { ALPACA_TRADING_LIVE_URL: fake.baseUrl, ORDERS_PER_MINUTE: '2' },
    });
    fake.setPrice('T', t.market.getQuote('T')!.ask);
    user = await createUserWithSession(t.db);
    const credentials = { apiKey: TRADING_KEY.keyId, apiSecret: TRADING_KEY.secretKey, environment: 'LIVE' };
    await graphql(
      t.app,
      'mutation C($c: BrokerCredentialsInput!) { connectBroker(provider: "alpaca", credentials: $c) { id } }',
      {
        token: user.token,
        variables: { c: credentials },
      },
    );
    const switched = await graphql<{ updateTradingMode: { success: boolean } }>(
      t.app,
      'mutation { updateTradingMode(input: { mode: live }) { success } }',
      { token: user.token },
    );
    expect(switched.data?.updateTradingMode.success).toBe(true);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('refuses the order beyond the limit before it reaches Alpaca', async () => {
    const buy = () => placeOrder(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 }, user.token);
    expect((await buy()).errors).toBeUndefined();
    expect((await buy()).errors).toBeUndefined();
    const refused = await buy();
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'too_many_requests',
      retryAfter: expect.any(Number),
    });
    expect(fake.requests.filter((request) => request === 'POST /v2/orders')).toHaveLength(2);
  });
});
