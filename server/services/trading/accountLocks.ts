/**
 * Per-account serialisation of the paper broker: every check-then-write (placing, cancelling, filling, expiring) is
 * one transaction holding the lock of each account it touches, and reads the account inside it, so it sees the
 * previous write of that account and no other writer of it runs meanwhile (cash never goes negative, no sale exceeds
 * the shares held, however many requests and processes run at once).
 *
 * PostgreSQL: a transaction-scoped advisory lock per account (two-int form, its own key space), all of a
 * transaction's locks taken by one statement in key order, so two transactions locking several accounts cannot
 * deadlock; that statement travels with the transaction's BEGIN and first read (./queuedTransaction.ts). PGlite runs one transaction at a time (its transaction mutex): there the transaction alone serialises and
 * no lock statement is sent.
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

/** The statement taking the locks of `userIds` (none: nothing to send). */
function lockStatements(userIds: readonly string[]): string[] {
  if (userIds.length === 0) return [];
  const keys = [...new Set(userIds.map(accountLockKey))].sort((a, b) => a - b);
  return [`select pg_advisory_xact_lock(${ACCOUNT_LOCK_SPACE}, key) from unnest('{${keys.join(',')}}'::int4[]) as key`];
}

/** The account locks of `db`; `pool`: the PostgreSQL pool under it (DatabaseHandle.pool), null on PGlite. */
export function createAccountLocks(db: Database, pool: pg.Pool | null): AccountLocks {
  if (is(db, PgliteDatabase)) return { exclusive: true, run: (_userIds, work) => db.transaction(work) };
  if (!pool) throw new Error('the paper broker runs on PGlite or on a PostgreSQL pool');
  // The locks go with the transaction's first statement (./queuedTransaction.ts).
  return { exclusive: false, run: (userIds, work) => runQueued(pool, lockStatements(userIds), work) };
}
