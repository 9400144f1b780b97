/**
 * How the engine sends the statements of every order (the account read, the writes): prepared once (PREPARE,
 * session-wide and kept across transactions) and then run as `EXECUTE name(arguments)` over the simple protocol, the
 * arguments as literals (quoted as pg's escapeLiteral does: a standard string literal, or PostgreSQL's E'' escape
 * string when the value has a backslash; a parameter cannot be bound to EXECUTE).
 * - PGlite, PostgreSQL compiled to WASM: parsing and planning one of them costs more than running it, and the extended
 *   protocol (parse, describe, bind, execute) several calls into WASM. Prepared once per database.
 * - PostgreSQL, in an account transaction (./queuedTransaction.ts): prepared once per pooled connection, and sent in one
 *   round trip with the statements queued before it; a write (`write`) is queued itself, to go with the commit.
 *   Elsewhere (reads outside a transaction) the statement is sent as it is, with bind parameters.
 */
import { randomBytes } from 'node:crypto';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from '../../db/client';
import type { Queryable } from './accountLocks';
import { queuedConnectionOf, type LiteralStatement } from './queuedTransaction';
import { sessionClientOf } from './sessionClient';

export interface Statements {
  /** Runs `query` on `db` (the database or a transaction of it); resolves with its rows. */
  rows<T>(db: Queryable, query: SQL): Promise<T[]>;
  /**
   * Runs `query`, whose rows nobody reads. In an account transaction on PostgreSQL it is queued, sent with the next
   * statement or the commit: its error then fails that statement or the commit, and the transaction rolls back.
   */
  write(db: Queryable, query: SQL): Promise<void>;
}

const dialect = new PgDialect();

/**
 * `value` as a string literal, as pg's escapeLiteral writes it: quotes doubled in a standard string ('…'), or, when
 * the value has a backslash, PostgreSQL's escape string form (` E'…'`, a space first) with the backslashes doubled
 * too. Here rather than imported, so that PGlite's server never loads pg.
 */
function escapeLiteral(value: string): string {
  const quoted = `'${value.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
  return value.includes('\\') ? ` E${quoted}` : quoted;
}

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
  const client = sessionClientOf(db) as Partial<PgliteExec> | undefined;
  return typeof client?.exec === 'function' ? (client as PgliteExec) : null;
}

function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('statement returned no rows array');
  return rows as T[];
}

/** `query` as its text and its arguments as literals. */
function literalStatement(query: SQL): LiteralStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, args: params.length > 0 ? `(${params.map(toLiteral).join(', ')})` : '' };
}

export function createStatements(database: Database): Statements {
  if (!is(database, PgliteDatabase)) {
    const rows = async <T>(db: Queryable, query: SQL): Promise<T[]> => {
      const queued = queuedConnectionOf(db);
      return queued ? queued.rows<T>(literalStatement(query)) : rowsOf<T>(await db.execute(query));
    };
    return {
      rows,
      async write(db, query) {
        const queued = queuedConnectionOf(db);
        if (queued) queued.write(literalStatement(query));
        else await rows(db, query);
      },
    };
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
  const rows = async <T>(db: Queryable, query: SQL): Promise<T[]> => {
    const { text, args } = literalStatement(query);
    const name = await prepare(db, text);
    return rowsOf<T>(await run(db, `execute ${name}${args}`));
  };
  return {
    rows,
    async write(db, query) {
      await rows(db, query);
    },
  };
}
