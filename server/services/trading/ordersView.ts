/** Stored orders and trades (integer cents) as a broker reports them (dollars). */
import type { Order, Trade } from '../../../src/domain/trading/orders';
import type { orders, trades } from '../../db/schema';
import { PAPER_BROKER_ID } from '../brokers';

export type OrderRow = typeof orders.$inferSelect;
export type TradeRow = typeof trades.$inferSelect;
/** An order as the engine writes it (its `seq`, the book's time priority, is given by the database). */
export type StoredOrder = Omit<OrderRow, 'seq'>;
/** A trade as the engine writes it. */
export type StoredTrade = Omit<TradeRow, 'seq'>;

const dollars = (cents: number | null): number | null => (cents === null ? null : cents / 100);

export function toOrder(row: StoredOrder): Order {
  return {
    id: row.id,
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    price: dollars(row.limitPriceCents),
    stopPrice: dollars(row.stopPriceCents),
    timeInForce: row.timeInForce,
    status: row.status,
    filledQuantity: row.filledQuantity,
    averageFillPrice:
      row.filledQuantity > 0 ? Math.round((row.fillValueCents / row.filledQuantity) * 100) / 10_000 : null,
    timestamp: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    strategyId: row.strategyId,
    reason: row.reason,
  };
}

export function toTrade(row: StoredTrade): Trade {
  const price = row.priceCents / 100;
  return {
    id: row.id,
    orderId: row.orderId,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    price,
    timestamp: row.createdAt.toISOString(),
    strategyId: row.strategyId,
    brokerId: PAPER_BROKER_ID,
    status: 'FILLED',
    reason: row.reason,
    executionPrice: price,
    commission: row.commissionCents / 100,
    tags: row.tags,
  };
}
