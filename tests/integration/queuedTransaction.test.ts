/**
 * The paper broker's account transactions (server/services/trading/accountLocks.ts, queuedTransaction.ts): on
 * PostgreSQL the statements whose rows nobody reads are queued and sent with the next statement or the commit, and
 * the engine's statements are prepared once per connection. Whatever travels together, a failure rolls back all of the
 * transaction and leaves the pool usable; an order is placed in two round trips.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../server/events';
import { SimulatedMarket } from '../../server/services/market';
import { createAccountLocks, type AccountLocks } from '../../server/services/trading/accountLocks';
import { createStatements, type Statements } from '../../server/services/trading/engineStatements';
import { createTestApp, createUserWithSession, drivers, type TestApp } from './helpers';
import { createTestEngine } from './engineSetup';
import { WEDNESDAY_1100 } from './ordersSetup';

describe.each(drivers)('paper broker account transactions (%s)', (driver) => {
  let t: TestApp;
  let locks: AccountLocks;
  let statements: Statements;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    locks = createAccountLocks(t.db, t.pool);
    statements = createStatements(t.db);
    userId = (await createUserWithSession(t.db)).id;
    await t.db.execute(sql`create table queued_rows (value text not null)`);
  });
  afterAll(() => t.close());

  const stored = async () =>
    (await statements.rows<{ value: string }>(t.db, sql`select value from queued_rows order by value`)).map(
      (row) => row.value,
    );
  const insert = (value: string) => sql`insert into queued_rows (value) values (${value})`;

  it('takes the pool from the database handle: null on PGlite; PostgreSQL without it is refused', () => {
    expect(locks.exclusive).toBe(driver === 'pglite');
    if (driver === 'pglite') return expect(t.pool).toBeNull();
    expect(t.pool).not.toBeNull();
    expect(() => createAccountLocks(t.db, null)).toThrow('the paper broker runs on PGlite or on a PostgreSQL pool');
  });

  it('runs queued writes and reads in order, text intact, and commits them together', async () => {
    const text = `it's a back\\slash; '); drop table orders; -- ✓`;
    const read = await locks.run([userId], async (tx) => {
      await statements.write(tx, insert(`${text} 1`));
      await statements.write(tx, insert(`${text} 2`));
      return statements.rows<{ n: number }>(tx, sql`select count(*)::int as n from queued_rows`);
    });
    expect(read).toEqual([{ n: 2 }]);
    await locks.run([userId], (tx) => statements.write(tx, sql`delete from queued_rows where value = ${`${text} 2`}`));
    expect(await stored()).toEqual([`${text} 1`]);
    await t.db.execute(sql`delete from queued_rows`);
  });

  it('rolls back every statement of the transaction when a queued write fails at the commit', async () => {
    const failing = locks.run([userId], async (tx) => {
      await statements.rows(tx, sql`select 1`);
      await statements.write(tx, insert('kept only if all commit'));
      await statements.write(tx, sql`select 1 / ${0}::int`);
      return 'done';
    });
    // Drizzle reports the failed COMMIT (on PostgreSQL) or the statement itself (PGlite), the server's error as cause.
    const error: unknown = await failing.catch((reason: unknown) => reason);
    expect(`${String(error)} ${String((error as Error).cause)}`).toMatch(/division by zero/);
    expect(await stored()).toEqual([]);
    // The connection that failed is usable again (or replaced).
    for (let i = 0; i < 12; i++) await locks.run([userId], (tx) => statements.write(tx, insert(`after ${i}`)));
    expect(await stored()).toHaveLength(12);
    await t.db.execute(sql`delete from queued_rows`);
  });

  it('reports a statement that cannot be prepared the same way every time, and keeps working', async () => {
    for (let i = 0; i < 3; i++) {
      await expect(
        locks.run([userId], (tx) => statements.rows(tx, sql`select * from no_such_table where id = ${i}`)),
      ).rejects.toThrow(/no_such_table/);
    }
    expect(await locks.run([userId], (tx) => statements.rows(tx, sql`select ${'ok'}::text as v`))).toEqual([
      { v: 'ok' },
    ]);
  });

  it('places an order in two round trips on PostgreSQL, its statements prepared once per connection', async () => {
    if (driver !== 'postgres') return;
    const market = new SimulatedMarket({ seed: 'queued-transaction', now: WEDNESDAY_1100, alwaysOpen: true });
    const now = () => new Date(WEDNESDAY_1100);
    const engine = createTestEngine({
      db: t.db,
      pool: t.pool,
      events: createEventBus(),
      market,
      now,
      paper: { startingCashCents: 1_000_000_00, commissionCents: 0, fractional: false },
      log: console,
    });
    const buy = { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 } as const;
    const sell = { ...buy, side: 'SELL' } as const;
    // The first buy of the day sums its fills, later ones read the trades after: two of each prepare the statements.
    for (const input of [buy, sell, buy, sell]) await engine.placeOrder(userId, input);
    const sent: string[] = [];
    // Every round trip of the engine's connections, recorded as it passes.
    const query = pg.Client.prototype.query;
    const recording = function (this: pg.Client, config: string | { text: string }, ...rest: unknown[]) {
      sent.push(typeof config === 'string' ? config : config.text);
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    };
    pg.Client.prototype.query = recording as unknown as typeof query;
    try {
      expect((await engine.placeOrder(userId, buy)).status).toBe('FILLED');
    } finally {
      pg.Client.prototype.query = query;
      await engine.close();
    }
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^begin;\nselect pg_advisory_xact_lock\(.*\nexecute paper_\d+\(/);
    expect(sent[1]).toMatch(/^execute paper_\d+\([^]*\);\ncommit$/);
    expect(sent.join('\n')).not.toMatch(/prepare /);
  });
});
