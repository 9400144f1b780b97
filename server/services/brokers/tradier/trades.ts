/**
 * Fills at Tradier as the app's Trades (src/domain/trading/orders.ts). Tradier lists no executions with their
 * order (its account history has trades without an order id), so a Trade comes from an order or an order event.
 *
 * Rules:
 * - From an order read over REST: one Trade for all its executed shares, at its average fill price, id
 *   `<order id>:<executed quantity>`.
 * - From an order event (./mapping.ts `toOrderUpdate`): one Trade per fill the event reports, at its last fill
 *   price, with the same id scheme, so an event repeated (or a fill seen both ways) is one Trade to a consumer
 *   keeping trades by id. Events name no symbol or side: the caller passes the order's.
 * - Tradier's commissions are not in these shapes: commission 0.
 */
import type { Trade } from '../../../../src/domain/trading/orders';
import type { TradierOrderUpdate } from './mapping';
import type { TradierOrder } from './wire';

export interface TradeNotes {
  strategyId?: string | null;
  reason?: string | null;
}

function trade(
  fill: { orderId: string; filled: number; quantity: number; price: number; at: string },
  order: Pick<TradierOrder, 'symbol' | 'side'>,
  brokerId: string,
  notes: TradeNotes,
): Trade {
  return {
    id: `${fill.orderId}:${fill.filled}`,
    orderId: fill.orderId,
    symbol: order.symbol,
    side: order.side === 'buy' || order.side === 'buy_to_cover' ? 'BUY' : 'SELL',
    quantity: fill.quantity,
    price: fill.price,
    timestamp: fill.at,
    strategyId: notes.strategyId ?? null,
    brokerId,
    status: 'FILLED',
    reason: notes.reason ?? null,
    executionPrice: fill.price,
    commission: 0,
    tags: [],
  };
}

/** The executed part of an order as one Trade (null when nothing executed). */
export function orderTrade(order: TradierOrder, brokerId: string, notes: TradeNotes = {}): Trade | null {
  if (!(order.exec_quantity > 0)) return null;
  const at = new Date(order.transaction_date ?? order.create_date).toISOString();
  const fill = { orderId: String(order.id), filled: order.exec_quantity, quantity: order.exec_quantity, at };
  return trade({ ...fill, price: order.avg_fill_price }, order, brokerId, notes);
}

/** The fill an order update reports as a Trade (null when it reports none). */
export function updateTrade(
  update: TradierOrderUpdate,
  order: Pick<TradierOrder, 'symbol' | 'side'>,
  brokerId: string,
  notes: TradeNotes = {},
): Trade | null {
  if (!update.fill) return null;
  const { orderId, filledQuantity: filled, at } = update;
  return trade({ orderId, filled, at, ...update.fill }, order, brokerId, notes);
}
