/**
 * Applies one fill decision to the database inside the caller's transaction: the order, the trade, the
 * position and the cash change together, so a crash never leaves them disagreeing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FillDecision } from '../../../src/domain/trading/fills';
import { roundQuantity } from '../../../src/domain/trading/orderTypes';
import { applyFill, cashDeltaCents, EMPTY_POSITION } from '../../../src/domain/trading/positionMath';
import type { Database } from '../../db/client';
import { orders, paperAccounts, positions, trades } from '../../db/schema';
import type { OrderRow, TradeRow } from './ordersView';

/** A transaction handle (the same query API as the database). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const INSUFFICIENT_CASH_AT_FILL = 'Cancelled: not enough cash at the fill price';
export const INSUFFICIENT_SHARES_AT_FILL = 'Cancelled: not enough shares held at fill time';

export interface AppliedDecision {
  order: OrderRow;
  trade: TradeRow | null;
}

async function updateOrder(
  tx: Transaction,
  id: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

/**
 * Writes `decision` for `order`. A fill the account can no longer pay for (or shares no longer held) cancels
 * the order instead; nothing else changes then.
 */
export async function applyDecision(
  tx: Transaction,
  order: OrderRow,
  decision: FillDecision,
  commissionCents: number,
  at: Date,
): Promise<AppliedDecision> {
  if (decision.kind === 'wait') {
    if (decision.triggered === order.triggered) return { order, trade: null };
    return { order: await updateOrder(tx, order.id, { triggered: decision.triggered, updatedAt: at }), trade: null };
  }
  if (decision.kind === 'cancel') {
    const row = await updateOrder(tx, order.id, {
      status: 'CANCELLED',
      triggered: decision.triggered,
      reason: decision.reason,
      updatedAt: at,
    });
    return { order: row, trade: null };
  }

  const commission = order.filledQuantity === 0 ? commissionCents : 0;
  const fill = {
    side: order.side,
    quantity: decision.quantity,
    priceCents: decision.priceCents,
    commissionCents: commission,
  };
  const cancelled = async (reason: string): Promise<AppliedDecision> => ({
    order: await updateOrder(tx, order.id, {
      status: 'CANCELLED',
      triggered: decision.triggered,
      reason,
      updatedAt: at,
    }),
    trade: null,
  });
  const [held] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.userId, order.userId), eq(positions.symbol, order.symbol)))
    .for('update');
  const before = held ?? EMPTY_POSITION;
  if (order.side === 'SELL' && before.quantity < fill.quantity) return cancelled(INSUFFICIENT_SHARES_AT_FILL);
  // Moves the cash only if it stays ≥ 0 (a cash account); no row back means it cannot pay.
  const cashDelta = cashDeltaCents(fill);
  const [paid] = await tx
    .update(paperAccounts)
    .set({ cashCents: sql`${paperAccounts.cashCents} + ${cashDelta}`, updatedAt: at })
    .where(and(eq(paperAccounts.userId, order.userId), sql`${paperAccounts.cashCents} + ${cashDelta} >= 0`))
    .returning({ cashCents: paperAccounts.cashCents });
  if (!paid) return cancelled(INSUFFICIENT_CASH_AT_FILL);

  const after = applyFill(before, fill);
  await tx
    .insert(positions)
    .values({ userId: order.userId, symbol: order.symbol, ...after, updatedAt: at })
    .onConflictDoUpdate({
      target: [positions.userId, positions.symbol],
      set: { quantity: after.quantity, costCents: after.costCents, realizedCents: after.realizedCents, updatedAt: at },
    });
  const [trade] = await tx
    .insert(trades)
    .values({
      userId: order.userId,
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      quantity: fill.quantity,
      priceCents: fill.priceCents,
      commissionCents: commission,
      strategyId: order.strategyId,
      reason: order.reason,
      tags: [order.type.toLowerCase(), order.timeInForce.toLowerCase()],
      createdAt: at,
    })
    .returning();
  if (!trade) throw new Error('trade not written');
  const filledQuantity = roundQuantity(order.filledQuantity + fill.quantity);
  const complete = filledQuantity >= order.quantity;
  const row = await updateOrder(tx, order.id, {
    filledQuantity,
    fillValueCents: roundQuantity(order.fillValueCents + fill.quantity * fill.priceCents),
    triggered: decision.triggered,
    status: complete ? 'FILLED' : decision.rest === 'cancel' ? 'CANCELLED' : 'PARTIALLY_FILLED',
    ...(!complete && decision.rest === 'cancel' && { reason: 'Immediate-or-cancel: remainder cancelled' }),
    updatedAt: at,
  });
  return { order: row, trade };
}
