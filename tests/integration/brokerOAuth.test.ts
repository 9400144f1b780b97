/**
 * Connecting Alpaca by OAuth (issue 14 point 4) through buildApp on PGlite and PostgreSQL, with Alpaca's consent
 * page, token endpoint and trading API played by the local server: initiate → the consent page redirects back
 * with code and state → callback exchanges the code (client secret from the server only) and connects the paper
 * and live accounts the token opens. The state is single use, bound to its user and expires after 10 minutes;
 * a refusal by the user or the provider is answered with the provider's description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { startFakeAlpacaTrading, TRADING_OAUTH_TOKEN, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { createTestApp, createUserWithSession, drivers, type TestApp } from './helpers';

const ORIGIN = 'http://localhost:3000';
const APP = {
  clientId: 'oauth-client-id-1234567890',
  clientSecret: 'oauth-client-secret-abcdef',
  redirectUri: `${ORIGIN}/oauth/callback`,
};

describe.each(drivers)('broker OAuth (%s)', (driver) => {
  let t: TestApp;
  let unconfigured: TestApp;
  let fake: FakeAlpacaTrading;
  let clock = Date.now();
  beforeAll(async () => {
    fake = await startFakeAlpacaTrading();
    fake.oauthApp(APP);
    const env = {
      ALPACA_TRADING_PAPER_URL: fake.baseUrl,
      ALPACA_TRADING_LIVE_URL: fake.baseUrl,
      PUBLIC_ORIGIN: ORIGIN,
    };
    [t, unconfigured] = await Promise.all([
      createTestApp(driver, {
        now: () => new Date(clock),
        env: {
          ...env,
          ALPACA_OAUTH_CLIENT_ID: APP.clientId,
          ALPACA_OAUTH_CLIENT_SECRET: APP.clientSecret,
          ALPACA_OAUTH_AUTHORIZE_URL: `${fake.baseUrl}/oauth/authorize`,
          ALPACA_OAUTH_TOKEN_URL: `${fake.baseUrl}/oauth/token`,
        },
      }),
      createTestApp(driver, { env }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), unconfigured.close()]);
    await fake.close();
  });

  const post = (url: string, payload: Record<string, unknown>, token = SINGLE_USER_TOKEN, app = t) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, host: 'localhost:3000' },
      payload,
    });
  const initiate = async (
    payload: Record<string, unknown> = { brokerId: 'alpaca', accountType: 'both' },
    token?: string,
  ) => {
    const response = await post('/api/oauth/initiate', payload, token);
    expect(response.statusCode).toBe(200);
    return response.json<{ authorizationUrl: string; state: string }>();
  };
  /** The consent page's answer: the callback URL's parameters. */
  const consent = async (authorizationUrl: string) => {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return Object.fromEntries(new URL(response.headers.get('location')!).searchParams);
  };

  it('initiate: the consent URL with code flow, client id, redirect, state and scope; env only for one account type', async () => {
    const { authorizationUrl, state } = await initiate();
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: APP.clientId,
      redirect_uri: APP.redirectUri,
      state,
      scope: 'account:write trading',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      new URL((await initiate({ brokerId: 'alpaca', accountType: 'paper' })).authorizationUrl).searchParams.get('env'),
    ).toBe('paper');
  });

  it('refuses brokers without OAuth or an adapter, and a server without an OAuth app', async () => {
    const ib = await post('/api/oauth/initiate', { brokerId: 'interactive-brokers' });
    expect(ib.statusCode).toBe(400);
    expect(ib.json<{ message: string }>().message).toBe(
      'brokerId: Interactive Brokers connects with API credentials, not OAuth',
    );
    const schwab = await post('/api/oauth/initiate', { brokerId: 'schwab' });
    expect(schwab.statusCode).toBe(409);
    const off = await post('/api/oauth/initiate', { brokerId: 'alpaca' }, SINGLE_USER_TOKEN, unconfigured);
    expect(off.statusCode).toBe(409);
    expect(off.json<{ message: string }>().message).toBe(
      'OAuth for Alpaca is not configured on this server; connect with API keys instead.',
    );
    expect((await post('/api/oauth/initiate', { brokerId: 'alpaca', accountType: 'joint' })).statusCode).toBe(400);
  });

  it('callback: exchanges the code from the server and connects the paper and live accounts; the state works once', async () => {
    const { authorizationUrl } = await initiate();
    const back = await consent(authorizationUrl);
    const done = await post('/api/oauth/callback', { code: back.code, state: back.state });
    expect(done.statusCode).toBe(200);
    const body = done.json<{
      success: boolean;
      brokerId: string;
      connections: { paperTrading: boolean; isVerified: boolean }[];
    }>();
    expect(body).toMatchObject({ success: true, brokerId: 'alpaca' });
    expect(body.connections.map((c) => [c.paperTrading, c.isVerified])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(done.body).not.toContain(TRADING_OAUTH_TOKEN);
    expect(done.body).not.toContain(back.code);
    expect(fake.tokenRequests.at(-1)).toEqual({
      grant_type: 'authorization_code',
      code: back.code,
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      redirect_uri: APP.redirectUri,
    });
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/brokers/accounts',
      headers: { authorization: `Bearer ${SINGLE_USER_TOKEN}` },
    });
    expect(accounts.json<{ accounts: unknown[] }>().accounts).toHaveLength(2);
    expect(accounts.body).not.toContain(TRADING_OAUTH_TOKEN);

    const replay = await post('/api/oauth/callback', { code: back.code, state: back.state });
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ message: string }>().message).toBe(
      'state: this authorization is unknown, expired or already used; connect again',
    );
  });

  it('a state is bound to its user and expires after 10 minutes', async () => {
    const other = await createUserWithSession(t.db);
    const first = await consent((await initiate()).authorizationUrl);
    const stolen = await post('/api/oauth/callback', { code: first.code, state: first.state }, other.token);
    expect(stolen.statusCode).toBe(400);
    // Used up by the attempt: not even its owner can finish it now.
    expect((await post('/api/oauth/callback', { code: first.code, state: first.state })).statusCode).toBe(400);

    const late = await consent((await initiate()).authorizationUrl);
    clock += 10 * 60_000 + 1;
    try {
      expect((await post('/api/oauth/callback', { code: late.code, state: late.state })).statusCode).toBe(400);
    } finally {
      clock = Date.now();
    }
  });

  it('answers a refusal with the provider’s description, and a bad code with the token endpoint’s', async () => {
    fake.denyNextAuthorization();
    const denied = await consent((await initiate()).authorizationUrl);
    expect(denied.error).toBe('access_denied');
    const answer = await post('/api/oauth/callback', {
      state: denied.state,
      error: denied.error,
      error_description: denied.error_description,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toBe('code: The user denied the request');

    const wrong = await consent((await initiate()).authorizationUrl);
    const bad = await post('/api/oauth/callback', { code: 'not-the-code', state: wrong.state });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('code: The authorization code is invalid');
    const missing = await post('/api/oauth/callback', { code: 'x' });
    expect(missing.json<{ message: string }>().message).toBe('Invalid OAuth response. Missing required parameters.');
  });
});
