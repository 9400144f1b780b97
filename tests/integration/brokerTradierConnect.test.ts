/**
 * Connecting Tradier (issue 14 points 1, 3 and 4) through buildApp on PGlite and PostgreSQL, with Tradier's consent
 * page, token endpoints and brokerage API played by the local server (tests/fixtures/tradierServer.ts): OAuth
 * initiate → consent → callback stores the connection with its tokens sealed (never answered or logged); an
 * expiring access token is renewed before use and the rotated pair saved at once (one renewal for concurrent
 * calls); the access-token path of the credentials dialog; verify, sync and disconnect.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { brokerConnections } from '../../server/db/schema';
import { ONE_ACCOUNT, startFakeTradier, TWO_ACCOUNTS, type FakeTradier } from '../fixtures/tradierServer';
import { createTestApp, drivers, graphql, type TestApp } from './helpers';

const ORIGIN = 'http://localhost:3000';
const APP = {
  clientId: 'tradier-client-id-123456',
  clientSecret: 'tradier-client-secret-abcdef',
  redirectUri: `${ORIGIN}/oauth/callback`,
};
const DAY_MS = 24 * 3600_000;
const CONNECTION = 'id provider accountNumber paperTrading isVerified status statusMessage';
const CONNECT = `mutation C($credentials: BrokerCredentialsInput!) {
  connectBroker(provider: "tradier", credentials: $credentials) { ${CONNECTION} } }`;

interface Connection {
  id: string;
  provider: string;
  accountNumber: string;
  paperTrading: boolean;
  isVerified: boolean;
  status: string;
  statusMessage: string | null;
}

describe.each(drivers)('connecting Tradier (%s)', (driver) => {
  let t: TestApp;
  let unconfigured: TestApp;
  let fake: FakeTradier;
  const clock = Date.now();
  const logs: string[] = [];
  beforeAll(async () => {
    fake = await startFakeTradier({ startingCash: 20_000 });
    fake.oauthApp(APP);
    const env = { TRADIER_LIVE_URL: fake.baseUrl, TRADIER_SANDBOX_URL: fake.baseUrl, PUBLIC_ORIGIN: ORIGIN };
    [t, unconfigured] = await Promise.all([
      createTestApp(driver, {
        now: () => new Date(clock),
        logStream: { write: (line: string) => void logs.push(line) },
        env: {
          ...env,
          LOG_LEVEL: 'debug',
          TRADIER_OAUTH_CLIENT_ID: APP.clientId,
          TRADIER_OAUTH_CLIENT_SECRET: APP.clientSecret,
          TRADIER_OAUTH_AUTHORIZE_URL: `${fake.baseUrl}/oauth/authorize`,
          TRADIER_OAUTH_TOKEN_URL: fake.baseUrl,
        },
      }),
      createTestApp(driver, { env }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), unconfigured.close()]);
    await fake.close();
  });

  const post = (url: string, payload: Record<string, unknown>, app = t) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${SINGLE_USER_TOKEN}`, host: 'localhost:3000' },
      payload,
    });
  const call = <T>(query: string, variables: Record<string, unknown> = {}) =>
    graphql<T>(t.app, query, { token: SINGLE_USER_TOKEN, variables });
  const rowOf = async (id: string) =>
    (await t.db.select().from(brokerConnections).where(eq(brokerConnections.id, id)))[0];
  const sync = async (id: string) =>
    (
      await call<{ syncBrokerAccount: Connection }>(
        `mutation S($id: ID!) { syncBrokerAccount(id: $id) { ${CONNECTION} } }`,
        { id },
      )
    ).data!.syncBrokerAccount;
  let liveId = '';
  let firstRefresh = '';

  it('initiate → consent → callback: the live account (Tradier’s OAuth is live only) connected with its tokens sealed, never answered', async () => {
    const started = await post('/api/oauth/initiate', { brokerId: 'tradier', accountType: 'both' });
    expect(started.statusCode).toBe(200);
    const { authorizationUrl, state } = started.json<{ authorizationUrl: string; state: string }>();
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: APP.clientId, scope: 'read,write,trade', state });

    const consent = await fetch(authorizationUrl, { redirect: 'manual' });
    const back = Object.fromEntries(new URL(consent.headers.get('location')!).searchParams);
    const done = await post('/api/oauth/callback', { code: back.code, state: back.state });
    expect(done.statusCode).toBe(200);
    const body = done.json<{ brokerId: string; connections: Connection[] }>();
    expect(body).toMatchObject({ brokerId: 'tradier' });
    expect(body.connections).toEqual([
      expect.objectContaining({ provider: 'tradier', accountNumber: ONE_ACCOUNT.accountNumber, paperTrading: false }),
    ]);
    expect(fake.tokenRequests.at(-1)).toEqual({ grant_type: 'authorization_code', code: back.code });
    liveId = body.connections[0]!.id;

    const row = (await rowOf(liveId))!;
    firstRefresh = row.sealedRefreshToken!;
    expect(row).toMatchObject({ authKind: 'oauth', accountId: ONE_ACCOUNT.accountNumber, isVerified: true });
    expect(row.sealedAccessToken).toBeTruthy();
    expect(row.sealedRefreshToken).toBeTruthy();
    // About a day from now, as Tradier said (expires_in 86399 from issued_at).
    expect(row.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('tradier-access-');
    expect(stored).not.toContain('tradier-refresh-');
    expect(done.body).not.toMatch(/tradier-(access|refresh)-/);
    expect(done.body).not.toContain(back.code);
  });

  it('refuses OAuth on a server without a Tradier OAuth app, and an access_denied consent', async () => {
    const off = await post('/api/oauth/initiate', { brokerId: 'tradier' }, unconfigured);
    expect(off.statusCode).toBe(409);
    expect(off.json<{ message: string }>().message).toBe(
      'OAuth for Tradier is not configured on this server; connect with API keys instead.',
    );
    fake.denyNextAuthorization();
    const { authorizationUrl } = (await post('/api/oauth/initiate', { brokerId: 'tradier' })).json<{
      authorizationUrl: string;
    }>();
    const back = Object.fromEntries(
      new URL((await fetch(authorizationUrl, { redirect: 'manual' })).headers.get('location')!).searchParams,
    );
    const denied = await post('/api/oauth/callback', { state: back.state, error: back.error });
    expect(denied.statusCode).toBe(400);
    expect(denied.json<{ message: string }>().message).toBe('code: Authorization was cancelled or failed');
  });

  it('renews an expiring access token before use and saves the rotated pair in one write, once for concurrent calls', async () => {
    expect((await sync(liveId)).statusMessage).toBe(null);
    expect(fake.tokenRequests.some((form) => form.grant_type === 'refresh_token')).toBe(false);

    // A day later: the stored access token expires within REFRESH_BEFORE_MS (Tradier's new ones run a day from now).
    await t.db
      .update(brokerConnections)
      .set({ tokenExpiresAt: new Date(clock + 60_000) })
      .where(eq(brokerConnections.id, liveId));
    const before = (await rowOf(liveId))!;
    const [one, two] = await Promise.all([sync(liveId), sync(liveId)]);
    expect([one, two].map((c) => [c.status, c.statusMessage])).toEqual([
      ['CONNECTED', null],
      ['CONNECTED', null],
    ]);
    // One rotation: every renewal presented the first refresh token (one was made; a stale reader's later try
    // is refused by Tradier and then uses the saved pair).
    const presented = fake.tokenRequests.filter((form) => form.grant_type === 'refresh_token');
    expect(presented.length).toBeGreaterThan(0);
    expect(new Set(presented.map((form) => form.refresh_token)).size).toBe(1);
    const after = (await rowOf(liveId))!;
    expect(after.sealedAccessToken).not.toBe(before.sealedAccessToken);
    expect(after.sealedRefreshToken).not.toBe(firstRefresh);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(before.tokenExpiresAt!.getTime());
    // The old pair no longer works at Tradier (it rotated): the saved one does, without another renewal.
    const renewals = presented.length;
    expect((await sync(liveId)).statusMessage).toBe(null);
    expect(fake.tokenRequests.filter((form) => form.grant_type === 'refresh_token')).toHaveLength(renewals);
  });

  it('a renewal Tradier refuses leaves the stored tokens as they were and marks the connection to connect again', async () => {
    // The first refresh token again (sealed for this row, so it opens): Tradier rotated it away, so it is refused.
    await t.db
      .update(brokerConnections)
      .set({ sealedRefreshToken: firstRefresh, tokenExpiresAt: new Date(clock - 60_000) })
      .where(eq(brokerConnections.id, liveId));
    const before = (await rowOf(liveId))!;
    const refused = await sync(liveId);
    expect(refused).toMatchObject({
      status: 'ERROR',
      isVerified: false,
      statusMessage: 'Tradier did not renew the authorization: connect again.',
    });
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: 'refresh_token' });
    const after = (await rowOf(liveId))!;
    expect([after.sealedAccessToken, after.sealedRefreshToken]).toEqual([
      before.sealedAccessToken,
      before.sealedRefreshToken,
    ]);
  });

  it('connects a sandbox account with an access token (the dialog’s API key); refuses an unknown token', async () => {
    const refused = await call(CONNECT, { credentials: { apiKey: 'not-a-token', apiSecret: 'unused' } });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'apiKey: Tradier refused these credentials',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const missing = await call(CONNECT, { credentials: { apiKey: ' ', apiSecret: 'x' } });
    expect(missing.errors?.[0]?.message).toBe('apiKey: Please provide all required credentials');
    const connected = await call<{ connectBroker: Connection }>(CONNECT, {
      credentials: { apiKey: TWO_ACCOUNTS.token, apiSecret: 'unused', environment: 'PAPER' },
    });
    expect(connected.data?.connectBroker).toMatchObject({
      provider: 'tradier',
      paperTrading: true,
      isVerified: true,
      accountNumber: TWO_ACCOUNTS.accountNumbers[0],
    });
    const id = connected.data!.connectBroker.id;
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({ sealedApiSecret: null, sealedRefreshToken: null, tokenExpiresAt: null });
    expect(JSON.stringify(row)).not.toContain(TWO_ACCOUNTS.token);

    const verified = await call<{ verifyBroker: { success: boolean; verified: boolean } }>(
      'mutation V($input: VerifyBrokerInput!) { verifyBroker(input: $input) { success verified } }',
      { input: { brokerId: id } },
    );
    expect(verified.data?.verifyBroker).toMatchObject({ success: true, verified: true });
    const gone = await call<{ disconnectBroker: boolean }>(`mutation D($id: ID!) { disconnectBroker(id: $id) }`, {
      id,
    });
    expect(gone.errors).toBeUndefined();
    expect(await rowOf(id)).toBeUndefined();
  });

  it('brokerCapabilities: what the Tradier adapter takes (DAY and GTC, whole shares)', async () => {
    const answer = await call<{ brokerCapabilities: Record<string, unknown> }>(
      '{ brokerCapabilities(provider: "tradier") { provider available oauthEnabled orderTypes timesInForce fractionalShares } }',
    );
    expect(answer.data?.brokerCapabilities).toEqual({
      provider: 'tradier',
      available: true,
      oauthEnabled: true,
      orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'],
      timesInForce: ['DAY', 'GTC'],
      fractionalShares: false,
    });
  });

  it('never logs a token, a code or the client secret', () => {
    const text = logs.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/tradier-(access|refresh)-/);
    expect(text).not.toContain(TWO_ACCOUNTS.token);
    expect(text).not.toContain(APP.clientSecret);
  });
});
