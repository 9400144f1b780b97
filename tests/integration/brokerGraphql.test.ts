/**
 * Broker connections over GraphQL (issue 14 point 2; spec §7 connectBroker, disconnectBroker, syncBrokerAccount,
 * verifyBroker, brokerConnections, brokerCapabilities and the commission-free broker's credentials mutation) through
 * buildApp on PGlite and PostgreSQL, with Alpaca's trading API played by the local server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const CONNECTION =
  'id provider accountNumber isConnected paperTrading isVerified status statusMessage lastSyncAt account { id brokerId accountNumber buyingPower cashBalance portfolioValue dayTradeCount isPatternDayTrader marginUsed tradingBlocked }';
const CONNECT = `mutation C($provider: String!, $credentials: BrokerCredentialsInput!) { connectBroker(provider: $provider, credentials: $credentials) { ${CONNECTION} } }`;
const KEYS = { apiKey: TRADING_KEY.keyId, apiSecret: TRADING_KEY.secretKey };

describe.each(drivers)('broker connections over GraphQL (%s)', (driver) => {
  let t: TestApp;
  let fake: FakeAlpacaTrading;
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  beforeAll(async () => {
    fake = await startFakeAlpacaTrading({ startingCash: 30_000 });
    t = await createTestApp(driver, {
      env: { ALPACA_TRADING_PAPER_URL: fake.baseUrl, ALPACA_TRADING_LIVE_URL: fake.baseUrl },
    });
    user = await createUserWithSession(t.db);
    other = await createUserWithSession(t.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const call = <T>(query: string, variables: Record<string, unknown> = {}, token = user.token) =>
    graphql<T>(t.app, query, { token, variables });
  const list = async (token = user.token) =>
    (await call<{ brokerConnections: { id: string }[] }>(`{ brokerConnections { ${CONNECTION} } }`, {}, token)).data!
      .brokerConnections;

  it('connectBroker refuses refused keys naming apiKey, an unavailable broker, and writes nothing', async () => {
    const refused = await call(CONNECT, { provider: 'alpaca', credentials: { ...KEYS, apiSecret: 'wrong' } });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'apiKey: Alpaca refused these credentials',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const schwab = await call(CONNECT, { provider: 'schwab', credentials: KEYS });
    expect(schwab.errors?.[0]?.extensions?.code).toBe('not_available');
    expect(await list()).toEqual([]);
  });

  it('connects, lists, syncs and verifies without ever answering a secret; another user sees nothing of it', async () => {
    const connected = await call<{ connectBroker: { id: string } }>(CONNECT, { provider: 'alpaca', credentials: KEYS });
    expect(connected.errors).toBeUndefined();
    expect(connected.data?.connectBroker).toMatchObject({
      provider: 'alpaca',
      isConnected: true,
      paperTrading: true,
      isVerified: true,
      status: 'CONNECTED',
      account: { brokerId: 'alpaca', accountNumber: 'PA3TESTACCT1', buyingPower: 30_000, tradingBlocked: false },
    });
    const id = connected.data!.connectBroker.id;
    const synced = await call<{ syncBrokerAccount: { lastSyncAt: string } }>(
      `mutation S($id: ID!) { syncBrokerAccount(id: $id) { ${CONNECTION} } }`,
      { id },
    );
    expect(synced.data?.syncBrokerAccount.lastSyncAt).toEqual(expect.any(String));
    const verified = await call<{ verifyBroker: Record<string, unknown> }>(
      'mutation V($input: VerifyBrokerInput!) { verifyBroker(input: $input) { success verified brokerId message error } }',
      {
        input: { brokerId: id },
      },
    );
    expect(verified.data?.verifyBroker).toEqual({
      success: true,
      verified: true,
      brokerId: id,
      message: 'Broker connection verified',
      error: null,
    });
    const everything = JSON.stringify([connected, synced, verified, await list()]);
    expect(everything).not.toContain(TRADING_KEY.secretKey);
    expect(everything).not.toContain(TRADING_KEY.keyId);

    expect(await list(other.token)).toEqual([]);
    for (const query of [
      'mutation D($id: ID!) { disconnectBroker(id: $id) }',
      'mutation S($id: ID!) { syncBrokerAccount(id: $id) { id } }',
    ]) {
      const answer = await call(query, { id }, other.token);
      expect(answer.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const disconnected = await call<{ disconnectBroker: boolean }>(
      'mutation D($id: ID!) { disconnectBroker(id: $id) }',
      { id },
    );
    expect(disconnected.data?.disconnectBroker).toBe(true);
    expect(await list()).toEqual([]);
  });

  it('saves the commission-free broker’s credentials (spec §7) with success and a message', async () => {
    const saved = await call<{ saveAlpacaCredentials: { success: boolean; message: string } }>(
      'mutation A($input: AlpacaCredentialsInput!) { saveAlpacaCredentials(input: $input) { success message } }',
      { input: { apiKey: TRADING_KEY.keyId, secretKey: TRADING_KEY.secretKey } },
    );
    expect(saved.data?.saveAlpacaCredentials).toEqual({
      success: true,
      message: 'Connected Alpaca account PA3TESTACCT1',
    });
    expect(await list()).toHaveLength(1);
  });

  it('brokerCapabilities: what Alpaca supports here, an unavailable entry honestly, null for an unknown one', async () => {
    const capabilities = (provider: string) =>
      call<{ brokerCapabilities: Record<string, unknown> | null }>(
        'query B($p: String!) { brokerCapabilities(provider: $p) { provider available oauthEnabled paperTrading orderTypes timesInForce fractionalShares } }',
        { p: provider },
      );
    expect((await capabilities('alpaca')).data?.brokerCapabilities).toEqual({
      provider: 'alpaca',
      available: true,
      oauthEnabled: true,
      paperTrading: true,
      orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'],
      timesInForce: ['DAY', 'GTC', 'IOC', 'FOK'],
      fractionalShares: true,
    });
    expect((await capabilities('interactive-brokers')).data?.brokerCapabilities).toMatchObject({
      available: false,
      orderTypes: [],
    });
    expect((await capabilities('nope')).data?.brokerCapabilities).toBeNull();
  });
});
