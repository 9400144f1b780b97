/**
 * The paper broker's transactions on PostgreSQL, in as few round trips as their statements allow (issue 18 point 4).
 * A statement whose rows nobody reads (BEGIN, the account locks, the closing write) is queued and sent in one simple
 * query with the next statement that returns rows, or with COMMIT: placing an order is two round trips, BEGIN + locks
 * + the account read, then the write + COMMIT, instead of five. The engine's own statements are prepared once per
 * connection (PREPARE, session-wide) and run as `EXECUTE name(literals)`, so PostgreSQL neither parses nor plans
 * them again.
 *
 * Why it stays correct: the statements run in the order they were issued, in one transaction. In READ COMMITTED each
 * statement of a simple query takes its own snapshot once the previous one has finished, so an account read sent
 * right after its lock sees every write committed before the lock was granted. A queued write's error fails the
 * round trip it travels in (COMMIT included: the rest of the query is skipped), and the transaction rolls back.
 *
 * Drizzle runs the transaction (its BEGIN, COMMIT and ROLLBACK are recognised here) on a drizzle database made once per
 * pooled connection around a `QueuedConnection`, so queries built with drizzle inside the transaction work as ever
 * (they flush the queue first).
 */
import type pg from 'pg';
import type { Database, Queryable, Transaction } from '../../db/client';
import { loadPostgresModules, type PostgresModules } from '../../db/pgModules';
import * as schema from '../../db/schema';
import { sessionClientOf } from './sessionClient';

/** An engine statement: its text with $n parameters, and its arguments as SQL literals. */
export interface LiteralStatement {
  text: string;
  /** `(literal, …)`, or '' without arguments. */
  args: string;
}

/** The part of a pg result drizzle reads. */
type QueryResult = Pick<pg.QueryResult, 'rows' | 'rowCount' | 'command' | 'fields'>;
const NO_RESULT: QueryResult = { rows: [], rowCount: 0, command: '', fields: [] };

export class QueuedConnection {
  /** Statements waiting for the next round trip; `effect`: one whose work must happen (not a BEGIN or a lock). */
  private queue: { text: string; effect: boolean }[] = [];
  /** Something of the current transaction reached the server. */
  private sent = false;
  /** Statement text → the name it is prepared under on this connection (a few dozen texts: values are never in one). */
  private readonly prepared = new Map<string, string>();
  /**
   * Not to be used again: the connection failed, or a round trip that prepared statements failed (which of them
   * exist is then unknown).
   */
  broken = false;
  readonly db: Database;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly modules: PostgresModules,
  ) {
    // Drizzle's node-postgres session calls nothing but `query(config, values)` on its client.
    this.db = modules.drizzle({ client: this as unknown as pg.PoolClient, schema });
  }

  /** Queues `text`, to be sent with the next statement that returns rows (or the commit). */
  enqueue(text: string, { effect = true } = {}): void {
    this.queue.push({ text, effect });
  }

  /** Runs `statement` (prepared on this connection on first use) after the queued ones; resolves its rows. */
  async rows<T>(statement: LiteralStatement): Promise<T[]> {
    const result = await this.send(this.execute(statement));
    return (Array.isArray(result) ? result.at(-1)! : result).rows as T[];
  }

  /** Queues `statement`, whose rows nobody reads. */
  write(statement: LiteralStatement): void {
    for (const text of this.execute(statement)) this.enqueue(text);
  }

  /** Drizzle's entry point: BEGIN, COMMIT and ROLLBACK of the transaction, or any query it built. */
  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<QueryResult> {
    const text = typeof config === 'string' ? config : config.text;
    if (!values?.length && text.length <= 8) {
      switch (text.toLowerCase()) {
        case 'begin':
          this.queue = [{ text: 'begin', effect: false }];
          this.sent = false;
          return NO_RESULT;
        case 'commit':
          if (this.sent || this.queue.some((statement) => statement.effect)) await this.send(['commit']);
          this.queue = [];
          return NO_RESULT;
        case 'rollback':
          this.queue = [];
          if (this.sent) await this.guard(() => this.client.query('rollback'));
          return NO_RESULT;
      }
    }
    if (this.queue.length > 0) await this.send([]);
    return this.guard(() => this.client.query(config, values));
  }

  private execute({ text, args }: LiteralStatement): string[] {
    const name = this.prepared.get(text);
    if (name) return [`execute ${name}${args}`];
    const named = `paper_${this.prepared.size}`;
    this.prepared.set(text, named);
    return [`prepare ${named} as ${text}`, `execute ${named}${args}`];
  }

  /** Sends the queue then `texts` in one simple query. */
  private async send(texts: readonly string[]): Promise<QueryResult | QueryResult[]> {
    const statements = [...this.queue.map((statement) => statement.text), ...texts];
    this.queue = [];
    try {
      return await this.guard(
        () => this.client.query(statements.join(';\n')) as unknown as Promise<QueryResult | QueryResult[]>,
      );
    } catch (error) {
      if (statements.some((text) => text.startsWith('prepare '))) this.broken = true;
      throw error;
    }
  }

  /** Runs one round trip; an error other than the server's refusal of a statement breaks the connection. */
  private async guard<R>(roundTrip: () => Promise<R>): Promise<R> {
    this.sent = true;
    try {
      return await roundTrip();
    } catch (error) {
      if (!(error instanceof this.modules.pg.DatabaseError)) this.broken = true;
      throw error;
    }
  }
}

const connections = new WeakMap<pg.PoolClient, QueuedConnection>();

/** The queued connection a transaction of `runQueued` runs on, else null. */
export function queuedConnectionOf(db: Queryable): QueuedConnection | null {
  const client = sessionClientOf(db);
  return client instanceof QueuedConnection ? client : null;
}

/**
 * Runs `work` in one transaction on a pooled connection, `first` (e.g. the account locks) queued right after BEGIN.
 */
export async function runQueued<T>(
  pool: pg.Pool,
  first: readonly string[],
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const modules = await loadPostgresModules();
  const client = await pool.connect();
  let connection = connections.get(client);
  if (!connection) {
    connection = new QueuedConnection(client, modules);
    connections.set(client, connection);
  }
  const queued = connection;
  try {
    return await queued.db.transaction((tx) => {
      for (const text of first) queued.enqueue(text, { effect: false });
      return work(tx);
    });
  } finally {
    client.release(queued.broken);
  }
}
