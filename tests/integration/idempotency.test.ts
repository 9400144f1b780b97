import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, priceAlerts, watchlists } from '../../server/db/schema';
import { purgeIdempotencyKeys } from '../../server/services/idempotency';
import { createTestApp, createUserWithSession, drivers, type GraphQLResponse, type TestApp } from './helpers';

const CREATE_WATCHLIST =
  'mutation C($id: ID, $name: String!, $symbols: [String!]) { createWatchlist(id: $id, name: $name, symbols: $symbols) { id name symbols } }';
const CREATE_ALERT =
  'mutation A($input: CreateAlertInput!) { createAlert(input: $input) { id symbol triggerPrice createdAt } }';
const DELETE_WATCHLIST = 'mutation D($id: ID!) { deleteWatchlist(id: $id) }';

describe.each(drivers)('Idempotency-Key on watchlist and alert mutations (%s)', (driver) => {
  let testApp: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    testApp = await createTestApp(driver);
    ({ token, id: userId } = await createUserWithSession(testApp.db));
  });
  afterAll(() => testApp.close());

  /** POST /graphql as the outbox sends it: bearer token and Idempotency-Key header. */
  const send = async <T>(
    key: string | null,
    query: string,
    variables: Record<string, unknown>,
    as = token,
  ): Promise<GraphQLResponse<T>> => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${as}`,
        ...(key !== null && { 'idempotency-key': key }),
      },
      payload: { query, variables },
    });
    return response.json<GraphQLResponse<T>>();
  };
  const userWatchlists = (owner = userId) => testApp.db.select().from(watchlists).where(eq(watchlists.userId, owner));
  const userAlerts = (owner = userId) => testApp.db.select().from(priceAlerts).where(eq(priceAlerts.userId, owner));
  const storedKeys = (owner = userId) =>
    testApp.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, owner));

  it('a replayed create returns the first result and writes nothing new', async () => {
    const key = randomUUID();
    const first = await send<{ createWatchlist: { id: string } }>(key, CREATE_WATCHLIST, {
      name: 'Replayed',
      symbols: ['AAPL'],
    });
    expect(first.errors).toBeUndefined();
    // The replay even carries different arguments (a lost answer resent by a confused client): first result wins.
    const replay = await send<{ createWatchlist: { id: string } }>(key, CREATE_WATCHLIST, {
      name: 'Replayed',
      symbols: ['AAPL', 'MSFT'],
    });
    expect(replay).toEqual(first);
    expect((await userWatchlists()).filter((w) => w.name === 'Replayed')).toHaveLength(1);
    expect((await storedKeys()).filter((row) => row.key === key)).toMatchObject([{ operation: 'createWatchlist' }]);

    const alertKey = randomUUID();
    const input = { symbol: 'AAPL', condition: 'above', triggerPrice: 123.45 };
    const alert = await send<{ createAlert: { id: string } }>(alertKey, CREATE_ALERT, { input });
    const alertAgain = await send<{ createAlert: { id: string } }>(alertKey, CREATE_ALERT, { input });
    expect(alertAgain).toEqual(alert);
    expect(await userAlerts()).toHaveLength(1);
  });

  it('a replayed delete answers true again instead of NOT_FOUND', async () => {
    const created = await send<{ createWatchlist: { id: string } }>(null, CREATE_WATCHLIST, { name: 'To delete' });
    const id = created.data?.createWatchlist.id;
    const key = randomUUID();
    const first = await send<{ deleteWatchlist: boolean }>(key, DELETE_WATCHLIST, { id });
    const replay = await send<{ deleteWatchlist: boolean }>(key, DELETE_WATCHLIST, { id });
    expect(first.data?.deleteWatchlist).toBe(true);
    expect(replay).toEqual(first);
    // Without the key, a second delete is a new request and the watchlist is gone.
    const fresh = await send(randomUUID(), DELETE_WATCHLIST, { id });
    expect(fresh.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses the same key for a different operation with idempotency_key_reused, writing nothing', async () => {
    const key = randomUUID();
    await send(key, CREATE_WATCHLIST, { name: 'First use' });
    const alertsBefore = (await userAlerts()).length;
    const reused = await send(key, CREATE_ALERT, { input: { symbol: 'MSFT', condition: 'below', triggerPrice: 10 } });
    expect(reused.data).toBeNull();
    expect(reused.errors?.[0]?.extensions?.code).toBe('idempotency_key_reused');
    expect(await userAlerts()).toHaveLength(alertsBefore);
  });

  it("keys are per user: another user's request with the same key runs on its own", async () => {
    const key = randomUUID();
    const other = await createUserWithSession(testApp.db);
    const mine = await send<{ createWatchlist: { id: string } }>(key, CREATE_WATCHLIST, { name: 'Shared key' });
    const theirs = await send<{ createWatchlist: { id: string } }>(
      key,
      CREATE_WATCHLIST,
      { name: 'Shared key' },
      other.token,
    );
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data?.createWatchlist.id).not.toBe(mine.data?.createWatchlist.id);
    expect(await userWatchlists(other.id)).toHaveLength(1);
  });

  it('concurrent duplicates write once and all return the winner’s result', async () => {
    const key = randomUUID();
    const input = { symbol: 'NVDA', condition: 'below', triggerPrice: 99.99 };
    const before = (await userAlerts()).length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send<{ createAlert: { id: string } }>(key, CREATE_ALERT, { input })),
    );
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    expect(new Set(answers.map((answer) => answer.data?.createAlert.id)).size).toBe(1);
    expect(await userAlerts()).toHaveLength(before + 1);
    expect((await storedKeys()).filter((row) => row.key === key)).toHaveLength(1);
  });

  it('concurrent creates of one client id with different keys make one watchlist and one alert', async () => {
    const id = randomUUID();
    const alertId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        send<{ createWatchlist: { id: string } }>(randomUUID(), CREATE_WATCHLIST, { id, name: 'Same client id' }),
      ),
    );
    const alertAnswers = await Promise.all(
      Array.from({ length: 4 }, () =>
        send<{ createAlert: { id: string } }>(randomUUID(), CREATE_ALERT, {
          input: { id: alertId, symbol: 'KO', condition: 'above', triggerPrice: 80 },
        }),
      ),
    );
    for (const answer of [...answers, ...alertAnswers]) expect(answer.errors).toBeUndefined();
    expect((await userWatchlists()).filter((w) => w.id === id)).toHaveLength(1);
    expect((await userAlerts()).filter((a) => a.id === alertId)).toHaveLength(1);
  });

  it('a failed write does not use up its key', async () => {
    const key = randomUUID();
    const missing = await send(key, DELETE_WATCHLIST, { id: randomUUID() });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await storedKeys()).filter((row) => row.key === key)).toEqual([]);
    const invalid = await send(key, CREATE_WATCHLIST, { name: '' });
    expect(invalid.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const retried = await send<{ createWatchlist: { name: string } }>(key, CREATE_WATCHLIST, { name: 'After failure' });
    expect(retried.data?.createWatchlist.name).toBe('After failure');
  });

  it('refuses a malformed key with BAD_USER_INPUT and writes nothing', async () => {
    const before = (await userWatchlists()).length;
    for (const key of ['x'.repeat(101), 'has space', 'ünïcode']) {
      const result = await send(key, CREATE_WATCHLIST, { name: `Bad key ${key.length}` });
      expect(result.errors?.[0]?.extensions?.code, key).toBe('BAD_USER_INPUT');
    }
    expect(await userWatchlists()).toHaveLength(before);
    const longest = await send(`k${'x'.repeat(99)}`, CREATE_WATCHLIST, { name: 'Longest key' });
    expect(longest.errors).toBeUndefined();
  });

  it('purges keys older than 7 days only', async () => {
    const now = new Date();
    await testApp.db.insert(idempotencyKeys).values([
      {
        userId,
        key: 'old-key',
        operation: 'createWatchlist',
        result: { value: true },
        createdAt: new Date(now.getTime() - 8 * 86_400_000),
      },
      {
        userId,
        key: 'recent-key',
        operation: 'createWatchlist',
        result: { value: true },
        createdAt: new Date(now.getTime() - 6 * 86_400_000),
      },
    ]);
    expect(await purgeIdempotencyKeys(testApp.db, now)).toBe(1);
    const keys = (await storedKeys()).map((row) => row.key);
    expect(keys).toContain('recent-key');
    expect(keys).not.toContain('old-key');
  });
});
