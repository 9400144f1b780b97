/**
 * How the engine sends the statements of every order (the account read, the writes). On PGlite, PostgreSQL compiled
 * to WASM, parsing and planning one of them costs more than running it, and the extended protocol (parse, describe,
 * bind, execute) several calls into WASM: there each statement is prepared once per database (PREPARE, session-wide
 * and kept across transactions) and then run as `EXECUTE name(arguments)` over the simple protocol, its arguments as
 * literals (pg's escapeLiteral; a parameter cannot be bound to EXECUTE). PostgreSQL runs the statement as it is, with
 * bind parameters: there planning is cheap next to a round trip.
 */
import { randomBytes } from 'node:crypto';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { escapeLiteral } from 'pg';
import type { Database } from '../../db/client';
import type { Queryable } from './accountLocks';

export interface Statements {
  /** Runs `query` on `db` (the database or a transaction of it); resolves with its rows. */
  rows<T>(db: Queryable, query: SQL): Promise<T[]>;
}

const dialect = new PgDialect();

/** A bind parameter as an SQL literal. */
export function toLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot send ${value} as a literal`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') {
    // A NUL cannot be in a PostgreSQL string, and would end the statement's text.
    if (value.includes('\0')) throw new Error('a string with a NUL character cannot be sent');
    return escapeLiteral(value);
  }
  throw new Error(`cannot send a ${typeof value} as a literal`);
}

/** PGlite's simple-protocol call, on the database or on the transaction a drizzle handle runs on. */
interface PgliteExec {
  exec(query: string): Promise<{ rows: unknown[] }[]>;
}

/** The PGlite handle under a drizzle database or transaction (drizzle keeps it as its session's client). */
export function pgliteOf(db: Queryable): PgliteExec | null {
  const client = (db as unknown as { session?: { client?: Partial<PgliteExec> } }).session?.client;
  return typeof client?.exec === 'function' ? (client as PgliteExec) : null;
}

function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('statement returned no rows array');
  return rows as T[];
}

export function createStatements(database: Database): Statements {
  if (!is(database, PgliteDatabase)) {
    return { rows: async <T>(db: Queryable, query: SQL) => rowsOf<T>(await db.execute(query)) };
  }
  const prefix = `paper_${randomBytes(4).toString('hex')}_`;
  /** Statement text → name of its prepared statement, once prepared. */
  const prepared = new Map<string, Promise<string>>();
  const run = async (db: Queryable, statement: string): Promise<unknown> => {
    const pglite = pgliteOf(db);
    return pglite ? (await pglite.exec(statement)).at(-1) : db.execute(sql.raw(statement));
  };
  const prepare = (db: Queryable, text: string): Promise<string> => {
    let name = prepared.get(text);
    if (!name) {
      const named = `${prefix}${prepared.size}`;
      name = run(db, `prepare ${named} as ${text}`).then(() => named);
      name.catch(() => prepared.delete(text));
      prepared.set(text, name);
    }
    return name;
  };
  return {
    async rows<T>(db: Queryable, query: SQL): Promise<T[]> {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = await prepare(db, text);
      const args = params.length > 0 ? `(${params.map(toLiteral).join(', ')})` : '';
      return rowsOf<T>(await run(db, `execute ${name}${args}`));
    },
  };
}
