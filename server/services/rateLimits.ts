/**
 * Per-key rate limits counted in the database, so that every server process sharing it sees the same counts:
 * an action is allowed while fewer than `limit` rows it wrote are younger than `windowMs`. The rows are the
 * ones the action stores anyway (sign-in codes per identifier and per IP, a user's chat messages, a user's
 * orders), read newest first through an index on (key, order), `limit` rows at most. Nothing else is written.
 *
 * A user's chat messages and orders are checked inside the transaction that writes the row, while it holds a lock
 * that every other such transaction of the user takes too (the account's lock for orders, this module's per-user
 * lock for chat messages; PGlite runs one transaction at a time), so requests racing each other, on any number of
 * processes, never pass more than the limit. Sign-in codes are checked before their write (a few racing requests may
 * pass; the per-IP limit bounds them).
 */
import { and, desc, eq, is, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { RateLimitRule, RateLimits } from '../config';
import type { Database, Queryable, Transaction } from '../db/client';
import { chatMessages, orders } from '../db/schema';
import { AppError } from './errors';

export type { RateLimitRule };

/** Where the rows an action wrote are: its table, the rows of one key, their time and the order they were written in. */
export interface CountedRows {
  table: PgTable;
  where: SQL | undefined;
  createdAt: PgColumn;
  /** Newest first by this column (indexed with the key). */
  newestFirst: PgColumn;
}

/**
 * Seconds until one more action is allowed (0: allowed now). `now` is the clock the rows' times were written
 * with: the service's, or 'database' for rows stamped by the database's `now()`.
 */
export async function secondsUntilAllowed(
  db: Queryable,
  rows: CountedRows,
  rule: RateLimitRule,
  now: Date | 'database',
): Promise<number> {
  const recent = await db
    .select({
      at: rows.createdAt,
      now: now === 'database' ? sql<Date>`now()` : sql<Date>`${now.toISOString()}::timestamptz`,
    })
    .from(rows.table)
    .where(rows.where)
    .orderBy(desc(rows.newestFirst))
    .limit(rule.limit);
  if (recent.length < rule.limit) return 0;
  const current = new Date(recent[0]!.now).getTime();
  const inWindow = recent.map((row) => new Date(row.at as Date).getTime()).filter((at) => at > current - rule.windowMs);
  if (inWindow.length < rule.limit) return 0;
  return Math.max(1, Math.ceil((Math.min(...inWindow) + rule.windowMs - current) / 1000));
}

/** The refusal of a rate-limited action: code too_many_requests, the wait in `extensions.retryAfter` (seconds). */
export function tooManyRequests(what: string, retryAfter: number): AppError {
  const wait = retryAfter === 1 ? '1 second' : `${retryAfter} seconds`;
  return new AppError('too_many_requests', `Too many ${what}. Please wait ${wait} and try again.`, {
    retryAfter,
  });
}

/** First key of the per-user chat message lock ('chat'): other advisory locks use other first keys. */
const CHAT_LOCK_SPACE = 0x63686174;

/**
 * The per-user limits on chat messages and orders (CHAT_MESSAGES_PER_MINUTE, ORDERS_PER_MINUTE): each is called
 * inside the transaction that then writes the message or the order, and refuses with too_many_requests.
 */
export function createRateLimitService({ db, now, rules }: { db: Database; now: () => Date; rules: RateLimits }) {
  const exclusive = is(db, PgliteDatabase);
  async function assertAllowed(
    tx: Transaction,
    what: string,
    rows: CountedRows,
    rule: RateLimitRule,
    clock: Date | 'database',
  ) {
    const wait = await secondsUntilAllowed(tx, rows, rule, clock);
    if (wait > 0) throw tooManyRequests(what, wait);
  }
  return {
    /** In the transaction that stores a user's chat message: takes the user's chat lock, then counts (database time). */
    chatMessage: async (tx: Transaction, userId: string) => {
      if (!exclusive)
        await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK_SPACE}::int4, hashtext(${userId}))`);
      await assertAllowed(
        tx,
        'messages',
        {
          table: chatMessages,
          where: and(eq(chatMessages.userId, userId), eq(chatMessages.type, 'user')),
          createdAt: chatMessages.createdAt,
          newestFirst: chatMessages.createdAt,
        },
        rules.chatMessages,
        'database',
      );
    },
    /**
     * In the transaction that stores an order (placeOrder, closePosition), which holds the account's lock: the user's
     * orders (stamped by the engine's clock).
     */
    order: (tx: Transaction, userId: string) =>
      assertAllowed(
        tx,
        'orders',
        {
          table: orders,
          where: eq(orders.userId, userId),
          createdAt: orders.createdAt,
          newestFirst: orders.seq,
        },
        rules.orders,
        now(),
      ),
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
