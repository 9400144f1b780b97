/**
 * Applies one fill decision to an account held in memory: its cash and its position in the order's symbol, read
 * under the account's lock (./accountLocks.ts). Pure: the caller writes the changed order, the trade, the position
 * and the cash together in one statement (./engineWrites.ts), so a crash never leaves them disagreeing.
 */
import { randomUUID } from 'node:crypto';
import type { FillDecision } from '../../../src/domain/trading/fills';
import { roundQuantity } from '../../../src/domain/trading/orderTypes';
import { applyFill, cashDeltaCents, type PositionState } from '../../../src/domain/trading/positionMath';
import type { StoredOrder, StoredTrade } from './ordersView';

export const INSUFFICIENT_CASH_AT_FILL = 'Cancelled: not enough cash at the fill price';
export const INSUFFICIENT_SHARES_AT_FILL = 'Cancelled: not enough shares held at fill time';
export const IOC_REMAINDER_CANCELLED = 'Immediate-or-cancel: remainder cancelled';

/** What a fill changes: the account's cash and its position in the order's symbol. */
export interface FillAccount {
  cashCents: number;
  position: PositionState;
}

export interface AppliedDecision {
  order: StoredOrder;
  trade: StoredTrade | null;
}

/**
 * The order after `decision`, and its trade. A fill the account can no longer pay for (or shares no longer held)
 * cancels the order instead and changes nothing else. A fill moves `account`'s cash and position.
 */
export function applyDecision(
  account: FillAccount,
  order: StoredOrder,
  decision: FillDecision,
  commissionCents: number,
  at: Date,
  /** The timestamp of the quote decided on: the trade's key with the order (trades.quote_at). */
  quoteAt: number,
): AppliedDecision {
  if (decision.kind === 'wait') {
    if (decision.triggered === order.triggered) return { order, trade: null };
    return { order: { ...order, triggered: decision.triggered, updatedAt: at }, trade: null };
  }
  const cancelled = (reason: string): AppliedDecision => ({
    order: { ...order, status: 'CANCELLED', triggered: decision.triggered, reason, updatedAt: at },
    trade: null,
  });
  if (decision.kind === 'cancel') return cancelled(decision.reason);

  const fill = {
    side: order.side,
    quantity: decision.quantity,
    priceCents: decision.priceCents,
    commissionCents: order.filledQuantity === 0 ? commissionCents : 0,
  };
  if (order.side === 'SELL' && account.position.quantity < fill.quantity) {
    return cancelled(INSUFFICIENT_SHARES_AT_FILL);
  }
  const cashCents = account.cashCents + cashDeltaCents(fill);
  if (cashCents < 0) return cancelled(INSUFFICIENT_CASH_AT_FILL);
  account.cashCents = cashCents;
  account.position = applyFill(account.position, fill);

  const filledQuantity = roundQuantity(order.filledQuantity + fill.quantity);
  const complete = filledQuantity >= order.quantity;
  const rested = !complete && decision.rest === 'cancel';
  return {
    order: {
      ...order,
      filledQuantity,
      fillValueCents: roundQuantity(order.fillValueCents + fill.quantity * fill.priceCents),
      triggered: decision.triggered,
      status: complete ? 'FILLED' : rested ? 'CANCELLED' : 'PARTIALLY_FILLED',
      reason: rested ? IOC_REMAINDER_CANCELLED : order.reason,
      updatedAt: at,
    },
    trade: {
      id: randomUUID(),
      userId: order.userId,
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      quantity: fill.quantity,
      priceCents: fill.priceCents,
      commissionCents: fill.commissionCents,
      strategyId: order.strategyId,
      reason: order.reason,
      tags: [order.type.toLowerCase(), order.timeInForce.toLowerCase()],
      createdAt: at,
      quoteAt,
    },
  };
}
