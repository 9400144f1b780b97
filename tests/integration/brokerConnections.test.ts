/**
 * Broker connections (issue 14 points 2, 3 and 8) on PGlite and PostgreSQL, against the local Alpaca trading
 * server: credentials verified before anything is written, stored only sealed and bound to their row, never in a
 * view; reconnecting replaces them; another user's connection is NOT_FOUND; sync and verify record the broker's
 * answer; a catalogue entry without an adapter is refused.
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerConnections } from '../../server/db/schema';
import { alpacaConnection } from '../../server/services/brokers/alpaca/connection';
import { createConnectionAuth } from '../../server/services/brokers/connectionAuth';
import { createBrokerConnections, type BrokerConnections } from '../../server/services/brokers/connections';
import { createSecretBox, type SecretBox } from '../../server/services/secrets/sealing';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { createTestApp, createUserWithSession, drivers, type TestApp } from './helpers';

const HOUR_MS = 3_600_000;
const KEYS = {
  provider: 'alpaca',
  environment: 'paper' as const,
  apiKey: TRADING_KEY.keyId,
  apiSecret: TRADING_KEY.secretKey,
};

describe.each(drivers)('broker connections (%s)', (driver) => {
  let t: TestApp;
  let fake: FakeAlpacaTrading;
  let connections: BrokerConnections;
  const box = createSecretBox(randomBytes(32));
  let alice: string;
  let bob: string;
  /** Alpaca's connection adapter on the local server, and the credentials opened with `sealing`. */
  const providers = (sealing: SecretBox) => {
    const adapters = [alpacaConnection({ paperUrl: fake.baseUrl, liveUrl: fake.baseUrl })];
    return {
      box: sealing,
      adapters,
      credentials: createConnectionAuth({ db: t.db, box: sealing, now: () => new Date(), adapters }),
    };
  };
  const rowsOf = async (userId: string) =>
    (await t.db.select({ n: count() }).from(brokerConnections).where(eq(brokerConnections.userId, userId)))[0]!.n;

  beforeAll(async () => {
    [t, fake] = await Promise.all([createTestApp(driver), startFakeAlpacaTrading({ startingCash: 25_000 })]);
    connections = createBrokerConnections({
      db: t.db,
      ...providers(box),
      now: () => new Date(),
      connectLimit: { limit: 100, windowMs: HOUR_MS },
    });
    alice = (await createUserWithSession(t.db)).id;
    bob = (await createUserWithSession(t.db)).id;
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it('refuses bad input and refused credentials, writing nothing', async () => {
    await expect(connections.connectWithKeys(alice, { ...KEYS, apiKey: ' ' })).rejects.toThrow(
      'apiKey: Please provide all required credentials',
    );
    await expect(connections.connectWithKeys(alice, { ...KEYS, apiSecret: '' })).rejects.toThrow(
      'apiSecret: Please provide all required credentials',
    );
    await expect(connections.connectWithKeys(alice, { ...KEYS, apiSecret: 'x'.repeat(257) })).rejects.toThrow(
      /apiSecret: at most 256/,
    );
    await expect(connections.connectWithKeys(alice, { ...KEYS, provider: 'nope' })).rejects.toThrow(
      'provider: unknown broker',
    );
    await expect(
      connections.connectWithKeys(alice, { ...KEYS, environment: 'demo' as unknown as 'paper' }),
    ).rejects.toThrow(/environment/);
    await expect(
      connections.connectWithKeys(alice, { ...KEYS, provider: 'interactive-brokers' }),
    ).rejects.toMatchObject({
      code: 'not_available',
      message: 'Interactive Brokers is not yet available in this app.',
    });
    await expect(connections.connectWithKeys(alice, { ...KEYS, apiSecret: 'wrong-secret' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'apiKey: Alpaca refused these credentials',
    });
    expect(await rowsOf(alice)).toBe(0);
  });

  it('connects with keys verified by Alpaca, stores them sealed for this row only, and never shows them', async () => {
    const view = await connections.connectWithKeys(alice, KEYS);
    expect(view).toMatchObject({
      provider: 'alpaca',
      accountNumber: 'PA3TESTACCT1',
      isConnected: true,
      paperTrading: true,
      isVerified: true,
      status: 'connected',
      account: {
        buyingPower: 25_000,
        portfolioValue: 25_000,
        cashBalance: 25_000,
        dayTradeCount: 0,
        brokerId: 'alpaca',
      },
    });
    const shown = JSON.stringify(await connections.list(alice));
    expect(shown).not.toContain(TRADING_KEY.secretKey);
    expect(shown).not.toContain(TRADING_KEY.keyId);
    expect(shown).not.toMatch(/sealed|v1\./);

    const [row] = await t.db.select().from(brokerConnections).where(eq(brokerConnections.id, view.id));
    expect(JSON.stringify(row)).not.toContain(TRADING_KEY.secretKey);
    expect(box.open(row!.sealedApiSecret!, `broker-connection:${alice}:${view.id}:apiSecret`)).toBe(
      TRADING_KEY.secretKey,
    );
    // Bound to its place: the secret does not open as the key, nor as another user's.
    expect(() => box.open(row!.sealedApiSecret!, `broker-connection:${alice}:${view.id}:apiKey`)).toThrow();
    expect(() => box.open(row!.sealedApiSecret!, `broker-connection:${bob}:${view.id}:apiSecret`)).toThrow();
  });

  it('connecting again replaces the secrets of the same connection', async () => {
    const [before] = await connections.list(alice);
    const again = await connections.connectWithKeys(alice, KEYS);
    expect(again.id).toBe(before!.id);
    expect(await rowsOf(alice)).toBe(1);
    const racing = await Promise.all([connections.connectWithKeys(bob, KEYS), connections.connectWithKeys(bob, KEYS)]);
    expect(racing[0]!.id).toBe(racing[1]!.id);
    expect(await rowsOf(bob)).toBe(1);
    // Whichever request wrote last, the stored secrets open for the row's id.
    expect((await connections.verify(bob, racing[0]!.id)).status).toBe('connected');
  });

  it('another user’s connection is NOT_FOUND for sync, verify and disconnect', async () => {
    const [mine] = await connections.list(alice);
    for (const action of [connections.sync, connections.verify, connections.disconnect]) {
      await expect(action(bob, mine!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(action(bob, 'not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await rowsOf(alice)).toBe(1);
  });

  it('sync reads the account again; a refusal marks the connection and says why', async () => {
    const [mine] = await connections.list(alice);
    fake.setPrice('AAPL', 100);
    const synced = await connections.sync(alice, mine!.id);
    expect(synced.status).toBe('connected');
    expect(Date.parse(synced.lastSyncAt!)).toBeGreaterThanOrEqual(Date.parse(mine!.lastSyncAt!));
    // The stored secret no longer opens (as after a change of CREDENTIALS_KEY): the connection says so.
    const other = createBrokerConnections({
      db: t.db,
      ...providers(createSecretBox(randomBytes(32))),
      now: () => new Date(),
      connectLimit: { limit: 100, windowMs: HOUR_MS },
    });
    const broken = await other.verify(alice, mine!.id);
    expect(broken).toMatchObject({
      status: 'error',
      isConnected: false,
      isVerified: false,
      statusMessage: 'The stored credentials cannot be read on this server: connect again.',
    });
    expect((await connections.verify(alice, mine!.id)).isVerified).toBe(true);
  });

  it('lets a user try at most BROKER_CONNECTS_PER_HOUR credentials; malformed input is not counted', async () => {
    const carol = (await createUserWithSession(t.db)).id;
    const limited = createBrokerConnections({
      db: t.db,
      ...providers(box),
      now: () => new Date(),
      connectLimit: { limit: 2, windowMs: HOUR_MS },
    });
    await expect(limited.connectWithKeys(carol, { ...KEYS, apiKey: '' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    for (let i = 0; i < 2; i++) {
      await expect(limited.connectWithKeys(carol, { ...KEYS, apiSecret: `guess-${i}` })).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
      });
    }
    const calls = fake.requests.length;
    await expect(limited.connectWithKeys(carol, KEYS)).rejects.toMatchObject({
      code: 'too_many_requests',
      details: { retryAfter: expect.any(Number) },
    });
    // Refused before reaching the broker.
    expect(fake.requests.length).toBe(calls);
    expect(await rowsOf(carol)).toBe(0);
  });

  it('disconnect deletes the connection and its secrets', async () => {
    const [mine] = await connections.list(alice);
    expect(await connections.disconnect(alice, mine!.id)).toBe(true);
    expect(await rowsOf(alice)).toBe(0);
    await expect(connections.disconnect(alice, mine!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
