/**
 * Ending working orders: a user's cancel (one, or all of a symbol) and the expiry of DAY orders at the close. Each is
 * one conditional update in a transaction holding the locks of the accounts concerned, so a fill being decided for
 * the same order (under the same lock) is never overwritten.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { notFound } from '../errors';
import { WORKING_STATUS_LIST } from './accountState';
import { orderError, type EngineContext } from './engineContext';
import { isUuid } from './ordersInput';
import type { OrderRow } from './ordersView';

export const CANCELLED_BY_USER = 'Cancelled by user';
export const EXPIRED_AT_CLOSE = 'Day order expired at the close';
export const CANCELLED_STRATEGY_STOPPED = 'Cancelled: its strategy was deactivated';

const working = sql`${orders.status} in ${WORKING_STATUS_LIST}`;

/** Cancels a working order of the user; NOT_FOUND for an unknown id, order_not_cancellable once it is done. */
export async function cancelOrder(ctx: EngineContext, userId: string, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound('Order');
  return ctx.locks.run([userId], async (tx) => {
    const mine = and(eq(orders.userId, userId), eq(orders.id, id));
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'CANCELLED', reason: CANCELLED_BY_USER, updatedAt: ctx.now() })
      .where(and(mine, working))
      .returning();
    if (cancelled) return cancelled;
    const [done] = await tx.select({ status: orders.status }).from(orders).where(mine);
    throw done ? orderError('order_not_cancellable') : notFound('Order');
  });
}

/**
 * Cancels every working order of the user (of `symbol` only, when given; placed by strategy `strategyId` only, when
 * given, e.g. as it is deactivated), oldest first.
 */
export async function cancelAllOrders(
  ctx: EngineContext,
  userId: string,
  symbol?: string | null,
  strategyId?: string | null,
): Promise<OrderRow[]> {
  const filter = symbol?.trim().toUpperCase();
  const rows = await ctx.locks.run([userId], (tx) =>
    tx
      .update(orders)
      .set({
        status: 'CANCELLED',
        reason: strategyId ? CANCELLED_STRATEGY_STOPPED : CANCELLED_BY_USER,
        updatedAt: ctx.now(),
      })
      .where(
        and(
          eq(orders.userId, userId),
          working,
          filter ? eq(orders.symbol, filter) : undefined,
          strategyId ? eq(orders.strategyId, strategyId) : undefined,
        ),
      )
      .returning(),
  );
  return rows.sort((a, b) => a.seq - b.seq);
}

/** Expires the working DAY orders whose session has closed (none while the market is open). */
export async function expireDue(ctx: EngineContext): Promise<OrderRow[]> {
  const at = ctx.now();
  if (ctx.isOpen(at)) return [];
  const due = and(working, eq(orders.timeInForce, 'DAY'), lte(orders.expiresAt, at));
  let users: string[] | undefined;
  if (!ctx.locks.exclusive) {
    const rows = await ctx.db.selectDistinct({ userId: orders.userId }).from(orders).where(due);
    if (rows.length === 0) return [];
    users = rows.map((row) => row.userId);
  }
  const expired = await ctx.locks.run(users ?? [], (tx) =>
    tx
      .update(orders)
      .set({ status: 'EXPIRED', reason: EXPIRED_AT_CLOSE, updatedAt: at })
      .where(and(due, users ? inArray(orders.userId, users) : undefined))
      .returning(),
  );
  return expired.sort((a, b) => a.seq - b.seq);
}
