/**
 * The engine's statements (server/services/trading/engineStatements.ts): on PGlite prepared once and run over the
 * simple protocol with literal arguments, on PostgreSQL with bind parameters; either way any text arrives intact.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatements, pgliteOf, type Statements } from '../../server/services/trading/engineStatements';
import { createTestApp, drivers, type TestApp } from './helpers';

const AWKWARD = [`it's`, 'back\\slash', `'); drop table orders; --`, 'ünïcødé ✓ 😀', '', '$1 ${x}'];

describe.each(drivers)('engine statements (%s)', (driver) => {
  let t: TestApp;
  let statements: Statements;

  beforeAll(async () => {
    t = await createTestApp(driver);
    statements = createStatements(t.db);
  });
  afterAll(() => t.close());

  const echo = (db: Parameters<Statements['rows']>[0], text: string, n: number) =>
    statements.rows<{ text: string; n: number; j: { text: string } }>(
      db,
      sql`select ${text}::text as text, ${n}::int as n, json_build_object('text', ${text}::text) as j`,
    );

  it('sends any text and number intact, in and out of a transaction', async () => {
    for (const [i, text] of AWKWARD.entries()) {
      expect(await echo(t.db, text, i)).toEqual([{ text, n: i, j: { text } }]);
      expect(await t.db.transaction((tx) => echo(tx, text, i))).toEqual([{ text, n: i, j: { text } }]);
    }
  });

  it('prepares each statement once on PGlite and runs it through the simple protocol there', async () => {
    if (driver !== 'pglite') {
      expect(pgliteOf(t.db)).toBeNull();
      return;
    }
    await t.db.transaction(async (tx) => expect(pgliteOf(tx)).not.toBeNull());
    const prepared = sql`select count(*)::int as count from pg_prepared_statements where name like 'paper_%'`;
    const [before] = await statements.rows<{ count: number }>(t.db, prepared);
    for (let i = 0; i < 3; i++) await echo(t.db, 'again', i);
    const [after] = await statements.rows<{ count: number }>(t.db, prepared);
    expect(after!.count - before!.count).toBe(0);
  });
});
