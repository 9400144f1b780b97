/**
 * The user's account as a whole (issue 14 point 8) through buildApp on PGlite and PostgreSQL, in otp mode: export
 * my data (every per-user table, secrets never in it), sign out everywhere, delete my account (every row of the user
 * goes, another user's stay), and the refusals.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { canonicalJson, STRATEGY_TEMPLATES } from '../../src/domain/strategies';
import { hashToken } from '../../server/services/auth/tokens';
import { sessions } from '../../server/db/schema';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface Export {
  exportedAt: string;
  user: Record<string, unknown>;
  tables: Record<string, Record<string, unknown>[]>;
  excluded: Record<string, string>;
}

describe.each(drivers)('account data (%s)', (driver) => {
  let t: TestApp;
  let fake: FakeAlpacaTrading;
  beforeAll(async () => {
    fake = await startFakeAlpacaTrading();
    t = await createTestApp(driver, { env: { AUTH_MODE: 'otp', ALPACA_TRADING_PAPER_URL: fake.baseUrl } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A user with a watchlist, a strategy, an order and an Alpaca connection (sealed keys). */
  async function userWithData(): Promise<{ id: string; token: string }> {
    const user = await createUserWithSession(t.db);
    const as = { token: user.token };
    const watchlist = await graphql(t.app, 'mutation { createWatchlist(name: "Tech", symbols: ["AAPL"]) { id } }', as);
    expect(watchlist.errors).toBeUndefined();
    const code = canonicalJson(
      STRATEGY_TEMPLATES.find((template) => template.id === 'sma-crossover')!.build(
        { fast: 5, slow: 20 },
        { symbols: ['AAPL'], interval: '1D' },
      ),
    );
    const strategy = await graphql(
      t.app,
      'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
      {
        ...as,
        variables: { input: { name: 'Mine', code } },
      },
    );
    expect(strategy.errors).toBeUndefined();
    const order = await graphql(
      t.app,
      'mutation { placeOrder(input: { symbol: "AAPL", side: BUY, type: LIMIT, quantity: 1, price: 1, timeInForce: GTC }) { id } }',
      as,
    );
    expect(order.errors).toBeUndefined();
    const connected = await t.app.inject({
      method: 'POST',
      url: '/api/brokers/accounts',
      headers: auth(user.token),
      payload: {
        brokerId: 'alpaca',
        accountType: 'paper',
        apiKeyEncrypted: TRADING_KEY.keyId,
        apiSecretEncrypted: TRADING_KEY.secretKey,
      },
    });
    expect(connected.statusCode).toBe(200);
    return user;
  }

  /** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
  async function query<T>(statement: SQL): Promise<T[]> {
    return ((await t.db.execute(statement)) as unknown as { rows: T[] }).rows;
  }

  /** The tables with a user_id column, from the database itself. */
  async function userTablesInDatabase(): Promise<string[]> {
    const rows = await query<{ table_name: string }>(
      sql`select table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema()`,
    );
    return rows.map((row) => row.table_name).sort();
  }

  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of await userTablesInDatabase()) {
      const [row] = await query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
      );
      counts[table] = row?.n ?? 0;
    }
    return counts;
  }

  const exportOf = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/export', headers: auth(token) });

  it('exports every per-user table as a JSON download, secrets left out, nobody else’s rows', async () => {
    const user = await userWithData();
    const other = await userWithData();
    const response = await exportOf(user.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="tradingapp-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<Export>();
    expect(data.user.id).toBe(user.id);
    // Every table holding user rows is either exported or excluded with its reason.
    expect([...Object.keys(data.tables), ...Object.keys(data.excluded)].sort()).toEqual(await userTablesInDatabase());
    expect(data.tables.watchlists).toHaveLength(1);
    expect(data.tables.strategies).toHaveLength(1);
    expect(data.tables.orders).toHaveLength(1);
    expect(data.tables.broker_connections).toHaveLength(1);
    expect(data.tables.sessions).toHaveLength(1);
    for (const rows of Object.values(data.tables)) for (const row of rows) expect(row.userId ?? user.id).toBe(user.id);
    const text = response.body;
    expect(text).not.toContain(TRADING_KEY.secretKey);
    expect(text).not.toContain(TRADING_KEY.keyId);
    expect(text).not.toContain(hashToken(user.token));
    expect(text).not.toMatch(/"sealed|Hash"/);
    expect(text).not.toContain(other.id);
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    expect(
      (await graphql(t.app, 'mutation { signOutEverywhere { success } }', { token: null })).errors?.[0]?.message,
    ).toMatch(/unauthorized/);
  });

  it('signs out everywhere: every session of the user ends, another user’s stays', async () => {
    const user = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const second = 'second-device-token-0123456789abcdefghijkl';
    await t.db.insert(sessions).values({
      userId: user.id,
      tokenHash: hashToken(second),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const me = (token: string) => graphql<{ me: { id: string } }>(t.app, '{ me { id } }', { token });
    expect((await me(second)).data?.me.id).toBe(user.id);
    const result = await graphql(t.app, 'mutation { signOutEverywhere { success } }', { token: user.token });
    expect(result).toEqual({ data: { signOutEverywhere: { success: true } } });
    for (const token of [user.token, second]) expect((await me(token)).errors?.[0]?.message).toMatch(/unauthorized/);
    expect((await me(other.token)).data?.me.id).toBe(other.id);
  });

  it('deletes the account only when confirmed: every row of the user goes, another user’s stay', async () => {
    const user = await userWithData();
    const other = await userWithData();
    const before = await rowsOf(user.id);
    const otherBefore = await rowsOf(other.id);
    expect(before.orders).toBe(1);

    const DELETE = 'mutation D($confirm: String!) { deleteAccount(confirm: $confirm) { success } }';
    for (const confirm of ['', 'delete', 'yes']) {
      const refused = await graphql(t.app, DELETE, { token: user.token, variables: { confirm } });
      expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(refused.errors?.[0]?.message).toMatch(/^confirm: /);
    }
    expect(await rowsOf(user.id)).toEqual(before);

    const done = await graphql(t.app, DELETE, { token: user.token, variables: { confirm: 'DELETE' } });
    expect(done).toEqual({ data: { deleteAccount: { success: true } } });
    expect(Object.values(await rowsOf(user.id)).every((count) => count === 0)).toBe(true);
    const [gone] = await query<{ n: number }>(sql`select count(*)::int as n from users where id = ${user.id}`);
    expect(gone?.n).toBe(0);
    expect(await rowsOf(other.id)).toEqual(otherBefore);
    expect((await graphql(t.app, '{ me { id } }', { token: user.token })).errors?.[0]?.message).toMatch(/unauthorized/);
    expect((await exportOf(other.token)).statusCode).toBe(200);
  });
});

describe('account data in single-user mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('refuses to delete the single user, and exports its data', async () => {
    const refused = await graphql(t.app, 'mutation { deleteAccount(confirm: "DELETE") { success } }');
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'not_available' } });
    const me = await graphql<{ me: { id: string } }>(t.app, '{ me { id } }');
    expect(me.data?.me.id).toBeTruthy();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: auth(SINGLE_USER_TOKEN),
    });
    expect(response.statusCode).toBe(200);
  });
});
