import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchlists } from '../../server/db/schema';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const FIELDS = 'id name symbols items { symbol name marketData { symbol price } } createdAt updatedAt';

interface WatchlistResult {
  id: string;
  name: string;
  symbols: string[];
  items: { symbol: string; name: string | null; marketData: { symbol: string; price: number } | null }[];
  createdAt: string;
  updatedAt: string;
}

describe.each(drivers)('watchlists (%s)', (driver) => {
  let testApp: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    testApp = await createTestApp(driver);
    ({ token, id: userId } = await createUserWithSession(testApp.db));
  });
  afterAll(() => testApp.close());

  const call = <T>(query: string, variables: Record<string, unknown> = {}, as = token) =>
    graphql<T>(testApp.app, query, { token: as, variables });
  const create = (variables: Record<string, unknown>, as = token) =>
    call<{ createWatchlist: WatchlistResult }>(
      `mutation C($id: ID, $name: String!, $symbols: [String!]) { createWatchlist(id: $id, name: $name, symbols: $symbols) { ${FIELDS} } }`,
      variables,
      as,
    );
  const list = (as = token) => call<{ watchlists: WatchlistResult[] }>(`{ watchlists { ${FIELDS} } }`, {}, as);
  const stored = () => testApp.db.select().from(watchlists).where(eq(watchlists.userId, userId));

  it('creates a watchlist with upper-cased symbols, company names and live quotes, and lists it', async () => {
    const created = await create({ name: '  Tech  ', symbols: ['aapl', 'MSFT', 'aapl'] });
    expect(created.errors).toBeUndefined();
    const watchlist = created.data?.createWatchlist;
    expect(watchlist).toMatchObject({ name: 'Tech', symbols: ['AAPL', 'MSFT'] });
    expect(watchlist?.items[0]).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.' });
    expect(watchlist?.items[0]?.marketData?.symbol).toBe('AAPL');
    expect(watchlist?.items[0]?.marketData?.price).toBeGreaterThan(0);

    const listed = await list();
    expect(listed.data?.watchlists.map((w) => w.name)).toContain('Tech');
    const one = await call<{ watchlist: WatchlistResult | null }>(
      `query W($id: ID!) { watchlist(id: $id) { ${FIELDS} } }`,
      { id: watchlist?.id },
    );
    expect(one.data?.watchlist?.symbols).toEqual(['AAPL', 'MSFT']);
  });

  it('returns the first watchlist when the same client id is created again', async () => {
    const id = randomUUID();
    const first = await create({ id, name: 'Client made', symbols: ['NVDA'] });
    expect(first.data?.createWatchlist.id).toBe(id);
    const again = await create({ id, name: 'Client made', symbols: ['NVDA', 'AMD'] });
    expect(again.errors).toBeUndefined();
    expect(again.data?.createWatchlist).toEqual(first.data?.createWatchlist);
    expect((await stored()).filter((row) => row.id === id)).toHaveLength(1);
  });

  it('renames, replaces symbols, adds and removes symbols, and deletes', async () => {
    const id = (await create({ name: 'Editable', symbols: ['AAPL'] })).data?.createWatchlist.id;
    const renamed = await call<{ updateWatchlist: WatchlistResult }>(
      `mutation U($id: ID!, $name: String, $symbols: [String!]) { updateWatchlist(id: $id, name: $name, symbols: $symbols) { ${FIELDS} } }`,
      { id, name: 'Edited', symbols: ['tsla', 'amzn'] },
    );
    expect(renamed.data?.updateWatchlist).toMatchObject({ name: 'Edited', symbols: ['TSLA', 'AMZN'] });

    const added = await call<{ addToWatchlist: WatchlistResult }>(
      `mutation A($w: ID!, $s: String!) { addToWatchlist(watchlistId: $w, symbol: $s) { ${FIELDS} } }`,
      { w: id, s: 'googl' },
    );
    expect(added.data?.addToWatchlist.symbols).toEqual(['TSLA', 'AMZN', 'GOOGL']);
    const addedTwice = await call<{ addToWatchlist: WatchlistResult }>(
      `mutation A($w: ID!, $s: String!) { addToWatchlist(watchlistId: $w, symbol: $s) { symbols } }`,
      { w: id, s: 'GOOGL' },
    );
    expect(addedTwice.data?.addToWatchlist.symbols).toEqual(['TSLA', 'AMZN', 'GOOGL']);

    const removed = await call<{ removeFromWatchlist: WatchlistResult }>(
      `mutation R($w: ID!, $s: String!) { removeFromWatchlist(watchlistId: $w, symbol: $s) { symbols } }`,
      { w: id, s: 'tsla' },
    );
    expect(removed.data?.removeFromWatchlist.symbols).toEqual(['AMZN', 'GOOGL']);

    const deleted = await call<{ deleteWatchlist: boolean }>('mutation D($id: ID!) { deleteWatchlist(id: $id) }', {
      id,
    });
    expect(deleted.data?.deleteWatchlist).toBe(true);
    const gone = await call<{ watchlist: WatchlistResult | null }>('query W($id: ID!) { watchlist(id: $id) { id } }', {
      id,
    });
    expect(gone.data?.watchlist).toBeNull();
    const deletedAgain = await call('mutation D($id: ID!) { deleteWatchlist(id: $id) }', { id });
    expect(deletedAgain.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses invalid input with BAD_USER_INPUT and writes nothing', async () => {
    const before = (await stored()).length;
    const cases: Record<string, unknown>[] = [
      { name: '   ' },
      { name: 'x'.repeat(51) },
      { name: 'Unknown', symbols: ['NOPE'] },
      { name: 'Too many', symbols: Array.from({ length: 101 }, (_, i) => `S${i}`) },
      { id: 'not-a-uuid', name: 'Bad id' },
      { name: 'tech' }, // the user already has "Tech" (names are unique per user, any case)
    ];
    for (const variables of cases) {
      const result = await create(variables);
      expect(result.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
    const duplicate = await create({ name: 'TECH' });
    expect(duplicate.errors?.[0]?.message).toMatch(/already have a watchlist named/);
    expect(await stored()).toHaveLength(before);

    const id = (await create({ name: 'Valid', symbols: ['AAPL'] })).data?.createWatchlist.id;
    const badAdd = await call(
      'mutation A($w: ID!, $s: String!) { addToWatchlist(watchlistId: $w, symbol: $s) { id } }',
      {
        w: id,
        s: 'ZZZZ',
      },
    );
    expect(badAdd.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badRename = await call(
      'mutation U($id: ID!, $name: String) { updateWatchlist(id: $id, name: $name) { id } }',
      {
        id,
        name: 'Tech',
      },
    );
    expect(badRename.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const [row] = (await stored()).filter((r) => r.id === id);
    expect(row).toMatchObject({ name: 'Valid', symbols: ['AAPL'] });
  });

  it("refuses another user's watchlist with the same NOT_FOUND as a missing one", async () => {
    const id = (await create({ name: 'Private', symbols: ['AAPL'] })).data?.createWatchlist.id;
    const other = await createUserWithSession(testApp.db);
    expect((await list(other.token)).data?.watchlists).toEqual([]);
    const read = await call<{ watchlist: unknown }>(
      'query W($id: ID!) { watchlist(id: $id) { id } }',
      { id },
      other.token,
    );
    expect(read.data?.watchlist).toBeNull();

    const attempts = [
      ['mutation U($id: ID!) { updateWatchlist(id: $id, name: "Mine") { id } }', { id }],
      ['mutation D($id: ID!) { deleteWatchlist(id: $id) }', { id }],
      ['mutation A($id: ID!) { addToWatchlist(watchlistId: $id, symbol: "MSFT") { id } }', { id }],
      ['mutation R($id: ID!) { removeFromWatchlist(watchlistId: $id, symbol: "AAPL") { id } }', { id }],
    ] as const;
    for (const [query, variables] of attempts) {
      const theirs = await call(query, variables, other.token);
      const missing = await call(query, { id: randomUUID() }, other.token);
      expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(theirs.errors?.[0]?.message).toBe(missing.errors?.[0]?.message);
    }
    // The same name is free for another user.
    expect((await create({ name: 'Private' }, other.token)).errors).toBeUndefined();
    const [row] = (await stored()).filter((r) => r.id === id);
    expect(row).toMatchObject({ name: 'Private', symbols: ['AAPL'] });
  });
});
