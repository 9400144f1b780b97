/**
 * Broker REST routes (issue 14 point 2) through buildApp on PGlite and PostgreSQL, with Alpaca's trading API played
 * by the local server: the catalogue, and the user's accounts (GET, and POST with the spec's creation payload, the
 * keys verified by Alpaca and never answered back).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { createTestApp, createUserWithSession, drivers, type TestApp } from './helpers';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const PAYLOAD = {
  brokerId: 'alpaca',
  accountName: 'My paper account',
  accountType: 'paper',
  apiKeyEncrypted: TRADING_KEY.keyId,
  apiSecretEncrypted: TRADING_KEY.secretKey,
};

describe.each(drivers)('broker REST routes (%s)', (driver) => {
  let t: TestApp;
  let fake: FakeAlpacaTrading;
  beforeAll(async () => {
    fake = await startFakeAlpacaTrading();
    t = await createTestApp(driver, { env: { ALPACA_TRADING_PAPER_URL: fake.baseUrl } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const accounts = async (token = SINGLE_USER_TOKEN) =>
    (await t.app.inject({ method: 'GET', url: '/api/brokers/accounts', headers: auth(token) })).json<{
      accounts: Record<string, unknown>[];
    }>().accounts;
  const post = (payload: Record<string, unknown>, token = SINGLE_USER_TOKEN) =>
    t.app.inject({ method: 'POST', url: '/api/brokers/accounts', headers: auth(token), payload });

  it('GET /api/brokers/available: the four entries with the spec’s fields, Alpaca and Tradier the available ones', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/brokers/available',
      headers: auth(SINGLE_USER_TOKEN),
    });
    expect(response.statusCode).toBe(200);
    const { brokers } = response.json<{ brokers: Record<string, unknown>[] }>();
    expect(brokers).toHaveLength(4);
    for (const broker of brokers) {
      expect(Object.keys(broker).sort()).toEqual(
        [
          'apiCredentials',
          'available',
          'brokerDescription',
          'brokerLogoUrl',
          'id',
          'name',
          'oauthEnabled',
          'requiresAccountId',
          'supportedFeatures',
          'type',
        ].sort(),
      );
    }
    expect(brokers.filter((broker) => broker.available).map((broker) => broker.id)).toEqual(['alpaca', 'tradier']);
    // Logos are the app's own files (public/ is copied into the build as it is).
    for (const { brokerLogoUrl } of brokers) {
      expect(brokerLogoUrl).toMatch(/^\/brokers\/[a-z-]+\.svg$/);
      expect(existsSync(new URL(`../../public${String(brokerLogoUrl)}`, import.meta.url))).toBe(true);
    }
    expect(brokers.find((broker) => !broker.oauthEnabled)).toMatchObject({
      type: 'multi-asset',
      requiresAccountId: true,
    });
  });

  it('requires sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/brokers/available'],
      ['GET', '/api/brokers/accounts'],
      ['POST', '/api/brokers/accounts'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('POST refuses a bad payload, refused keys and an unavailable broker, writing nothing', async () => {
    const missing = await post({ ...PAYLOAD, apiSecretEncrypted: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'bad_request',
      message: 'apiSecret: Please provide all required credentials',
    });
    const type = await post({ ...PAYLOAD, accountType: 'both' });
    expect(type.statusCode).toBe(400);
    expect(type.json<{ message: string }>().message).toMatch(/^Invalid accountType/);
    expect((await post({ ...PAYLOAD, extra: 1 })).json<{ message: string }>().message).toMatch(/^Invalid/);
    const refused = await post({ ...PAYLOAD, apiSecretEncrypted: 'wrong' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('apiKey: Alpaca refused these credentials');
    const unavailable = await post({ ...PAYLOAD, brokerId: 'schwab' });
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json<{ message: string }>().message).toBe('Charles Schwab is not yet available in this app.');
    expect(await accounts()).toEqual([]);
  });

  it('POST connects a paper account; GET lists it, per user, without its keys', async () => {
    const created = await post(PAYLOAD);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      success: true,
      account: {
        brokerId: 'alpaca',
        accountNumber: 'PA3TESTACCT1',
        paperTrading: true,
        isConnected: true,
        isVerified: true,
      },
    });
    const mine = await accounts();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ brokerId: 'alpaca', account: { buyingPower: 10_000, cashBalance: 10_000 } });
    const text = created.body + JSON.stringify(mine);
    expect(text).not.toContain(TRADING_KEY.secretKey);
    expect(text).not.toContain(TRADING_KEY.keyId);
    const other = await createUserWithSession(t.db);
    expect(await accounts(other.token)).toEqual([]);
  });
});
