/**
 * Per-account serialisation of the paper broker: every check-then-write (placing, cancelling, filling, expiring) is
 * one transaction holding the lock of each account it touches, and reads the account inside it, so it sees the
 * previous write of that account and no other writer of it runs meanwhile (cash never goes negative, no sale exceeds
 * the shares held, however many requests and processes run at once).
 *
 * PostgreSQL: a transaction-scoped advisory lock per account (two-int form, its own key space), all of a
 * transaction's locks taken by one statement in key order, so two transactions locking several accounts cannot
 * deadlock; that statement travels with the transaction's BEGIN and first read (./queuedTransaction.ts). PGlite runs
 * one transaction at a time (its transaction mutex): there the transaction alone serialises and no lock statement is
 * sent.
 *
 * Within one process a transaction of one account also takes that account's turn before it reaches the database
 * (`createAccountTurns`): otherwise a burst of one account's orders would take every connection of the pool, each
 * waiting in PostgreSQL for that account's lock (on PGlite: fill its transaction queue), and every other account's
 * order would wait behind them. With turns an account has at most one transaction at the database per process, so
 * another account's order waits for one transaction at most, not the burst (issue 18).
 */
import { is } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Transaction } from '../../db/client';
import { runQueued } from './queuedTransaction';

export type { Queryable, Transaction } from '../../db/client';

/** First key of the paper broker's account locks ('pape'): other advisory locks use other first keys. */
const ACCOUNT_LOCK_SPACE = 0x70617065;

/** The second lock key of an account: the first 32 bits of its (random) user id; a collision only shares a lock. */
export function accountLockKey(userId: string): number {
  return Number.parseInt(userId.slice(0, 8), 16) | 0;
}

export interface AccountLocks {
  /** The database runs one transaction at a time (PGlite): a read inside any transaction is already current. */
  readonly exclusive: boolean;
  /** Runs `work` in one transaction that holds the locks of `userIds` (none: a plain transaction). */
  run<T>(userIds: readonly string[], work: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** The statement taking the account locks `keys` (sorted; none: nothing to send). */
function lockStatements(keys: readonly number[]): string[] {
  if (keys.length === 0) return [];
  return [`select pg_advisory_xact_lock(${ACCOUNT_LOCK_SPACE}, key) from unnest('{${keys.join(',')}}'::int4[]) as key`];
}

/**
 * Turns per account within this process: `take(keys, work)` runs `work` once every earlier `take` sharing one of
 * `keys` has ended (in arrival order, whatever the outcome). A transaction waits only for ones that arrived before it,
 * so several keys cannot deadlock. The advisory lock still serialises the account across processes.
 */
export function createAccountTurns() {
  const tails = new Map<number, Promise<void>>();
  return async function take<T>(keys: readonly number[], work: () => Promise<T>): Promise<T> {
    const earlier = keys.flatMap((key) => tails.get(key) ?? []);
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    for (const key of keys) tails.set(key, ended);
    try {
      await Promise.all(earlier);
      return await work();
    } finally {
      end();
      for (const key of keys) if (tails.get(key) === ended) tails.delete(key);
    }
  };
}

/** The account locks of `db`; `pool`: the PostgreSQL pool under it (DatabaseHandle.pool), null on PGlite. */
export function createAccountLocks(db: Database, pool: pg.Pool | null): AccountLocks {
  const take = createAccountTurns();
  // Work on one account takes its turn; work on several (matching a book, expiring orders) does not: it would wait
  // for the whole queue of each of its accounts, and later orders of every account in it behind it. It waits in the
  // database for the one transaction of each account there at most.
  const inTurn = <T>(keys: readonly number[], work: () => Promise<T>) =>
    keys.length === 1 ? take(keys, work) : work();
  const keysOf = (userIds: readonly string[]) => [...new Set(userIds.map(accountLockKey))].sort((a, b) => a - b);
  if (is(db, PgliteDatabase)) {
    return { exclusive: true, run: (userIds, work) => inTurn(keysOf(userIds), () => db.transaction(work)) };
  }
  if (!pool) throw new Error('the paper broker runs on PGlite or on a PostgreSQL pool');
  return {
    exclusive: false,
    run: (userIds, work) => {
      const keys = keysOf(userIds);
      // The locks go with the transaction's first statement (./queuedTransaction.ts).
      return inTurn(keys, () => runQueued(pool, lockStatements(keys), work));
    },
  };
}
