/**
 * Per-key rate limits counted in the database, so that every server process sharing it sees the same counts:
 * an action is allowed while fewer than `limit` rows it wrote are younger than `windowMs`. The rows are the
 * ones the action stores anyway (sign-in codes per identifier and per IP, a user's chat messages, a user's
 * orders), read newest first through an index on (key, order), `limit` rows at most. Nothing else is written.
 * A check and the write that follows are not one transaction: requests that race may pass a few more.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RateLimitRule, RateLimits } from '../config';
import type { Database } from '../db/client';
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
  db: Database,
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

/** The per-user limits on chat messages and orders (CHAT_MESSAGES_PER_MINUTE, ORDERS_PER_MINUTE). */
export function createRateLimitService({ db, now, rules }: { db: Database; now: () => Date; rules: RateLimits }) {
  async function assertAllowed(what: string, rows: CountedRows, rule: RateLimitRule, clock: Date | 'database') {
    const wait = await secondsUntilAllowed(db, rows, rule, clock);
    if (wait > 0) throw tooManyRequests(what, wait);
  }
  return {
    /** Before a chat message is sent: the user's messages (stamped by the database). */
    chatMessage: (userId: string) =>
      assertAllowed(
        'messages',
        {
          table: chatMessages,
          where: and(eq(chatMessages.userId, userId), eq(chatMessages.type, 'user')),
          createdAt: chatMessages.createdAt,
          newestFirst: chatMessages.createdAt,
        },
        rules.chatMessages,
        'database',
      ),
    /** Before an order is placed (placeOrder, closePosition): the user's orders (stamped by the engine's clock). */
    order: (userId: string) =>
      assertAllowed(
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
