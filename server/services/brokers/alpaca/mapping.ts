/**
 * Alpaca's trading shapes ↔ the app's (src/domain/trading): orders, positions, account balances.
 *
 * Rules:
 * - Status: new / accepted / pending_new / accepted_for_bidding / pending_cancel / pending_replace / stopped /
 *   suspended / calculated / done_for_day are working orders: OPEN, or PARTIALLY_FILLED once some shares
 *   filled; filled → FILLED; canceled and replaced → CANCELLED (a replaced order lives on as its replacement);
 *   expired → EXPIRED; rejected → REJECTED.
 * - Types and times in force are the app's four each; Alpaca's others (trailing_stop, opg, cls) are never sent by
 *   this app, and one seen on an order placed elsewhere reads as the nearest (STOP, DAY).
 * - Quantities are sent with at most 6 decimals (the app's precision), prices as given.
 * - The strategy id and reason are not Alpaca's: the caller keeps them beside the order id.
 */
import type { Portfolio, Position } from '../../../../src/domain/trading/account';
import type { Order, OrderInput, Trade } from '../../../../src/domain/trading/orders';
import type { OrderStatus, OrderType, TimeInForce } from '../../../../src/domain/trading/orderTypes';
import { roundQuantity } from '../../../../src/domain/trading/orderTypes';
import type {
  AlpacaAccount,
  AlpacaFillActivity,
  AlpacaOrder,
  AlpacaOrderRequest,
  AlpacaOrderStatus,
  AlpacaPosition,
  AlpacaTimeInForce,
  AlpacaTradeUpdate,
} from './wire';

const TERMINAL: Partial<Record<AlpacaOrderStatus, OrderStatus>> = {
  filled: 'FILLED',
  canceled: 'CANCELLED',
  replaced: 'CANCELLED',
  expired: 'EXPIRED',
  rejected: 'REJECTED',
};

const num = (text: string | null | undefined): number => (text == null || text === '' ? 0 : Number(text));
const numOrNull = (text: string | null | undefined): number | null =>
  text == null || text === '' ? null : Number(text);

export function orderStatus(order: Pick<AlpacaOrder, 'status' | 'filled_qty'>): OrderStatus {
  return TERMINAL[order.status] ?? (num(order.filled_qty) > 0 ? 'PARTIALLY_FILLED' : 'OPEN');
}

const TYPES: Record<AlpacaOrder['type'], OrderType> = {
  market: 'MARKET',
  limit: 'LIMIT',
  stop: 'STOP',
  stop_limit: 'STOP_LIMIT',
  trailing_stop: 'STOP',
};

const TIMES: Record<AlpacaTimeInForce, TimeInForce> = {
  day: 'DAY',
  gtc: 'GTC',
  ioc: 'IOC',
  fok: 'FOK',
  opg: 'DAY',
  cls: 'DAY',
};

export function toOrder(order: AlpacaOrder, extra: { strategyId?: string | null; reason?: string | null } = {}): Order {
  return {
    id: order.id,
    clientOrderId: order.client_order_id || null,
    symbol: order.symbol,
    side: order.side === 'buy' ? 'BUY' : 'SELL',
    type: TYPES[order.type] ?? 'MARKET',
    quantity: num(order.qty),
    price: numOrNull(order.limit_price),
    stopPrice: numOrNull(order.stop_price),
    timeInForce: TIMES[order.time_in_force] ?? 'DAY',
    status: orderStatus(order),
    filledQuantity: num(order.filled_qty),
    averageFillPrice: numOrNull(order.filled_avg_price),
    timestamp: new Date(order.submitted_at ?? order.created_at).toISOString(),
    updatedAt: new Date(order.updated_at ?? order.created_at).toISOString(),
    strategyId: extra.strategyId ?? null,
    reason: extra.reason ?? null,
  };
}

/**
 * The POST /v2/orders body for an order of the app (already validated by the order path); `extendedHours` lets a DAY
 * limit order work in the extended sessions too (src/domain/trading/parameters.ts worksInExtendedHours).
 */
export function toOrderRequest(input: OrderInput, options: { extendedHours?: boolean } = {}): AlpacaOrderRequest {
  const body: AlpacaOrderRequest = {
    symbol: input.symbol,
    qty: String(roundQuantity(input.quantity)),
    side: input.side === 'BUY' ? 'buy' : 'sell',
    type: input.type.toLowerCase() as AlpacaOrderRequest['type'],
    time_in_force: (input.timeInForce ?? 'DAY').toLowerCase() as AlpacaTimeInForce,
  };
  if (input.price != null) body.limit_price = String(input.price);
  if (input.stopPrice != null) body.stop_price = String(input.stopPrice);
  if (input.clientOrderId) body.client_order_id = input.clientOrderId;
  if (options.extendedHours) body.extended_hours = true;
  return body;
}

export function toPosition(position: AlpacaPosition): Position {
  const quantity = num(position.qty);
  const currentPrice = num(position.current_price);
  return {
    symbol: position.symbol,
    quantity,
    averageCost: num(position.avg_entry_price),
    currentPrice,
    marketValue: num(position.market_value),
    costBasis: num(position.cost_basis),
    unrealizedPnL: num(position.unrealized_pl),
    unrealizedPnLPercent: num(position.unrealized_plpc) * 100,
    // Alpaca's positions do not carry realised P&L (its account activities do).
    realizedPnL: 0,
    dayPnL: num(position.unrealized_intraday_pl),
    side: position.side,
  };
}

/** The account's balances and positions as the app's Portfolio (gain since the previous close from last_equity). */
export function toPortfolio(
  account: Pick<AlpacaAccount, 'equity' | 'last_equity' | 'cash' | 'buying_power' | 'initial_margin'>,
  positions: readonly AlpacaPosition[],
  now: Date,
): Portfolio {
  const totalValue = num(account.equity);
  const lastEquity = num(account.last_equity);
  const mapped = positions.map(toPosition);
  const unrealized = mapped.reduce((sum, position) => sum + position.unrealizedPnL, 0);
  const cost = mapped.reduce((sum, position) => sum + position.costBasis, 0);
  const dayGainLoss = lastEquity > 0 ? totalValue - lastEquity : 0;
  return {
    totalValue,
    // Alpaca does not report the money paid in: the gain shown is the open positions' unrealised P&L.
    totalGainLoss: unrealized,
    totalGainLossPercent: cost > 0 ? (unrealized / cost) * 100 : 0,
    dayGainLoss,
    dayGainLossPercent: lastEquity > 0 ? (dayGainLoss / lastEquity) * 100 : 0,
    cash: num(account.cash),
    buyingPower: num(account.buying_power),
    marginUsed: num(account.initial_margin),
    lastUpdated: now.toISOString(),
    positions: mapped,
  };
}

/** One fill at Alpaca, from its account activities or its trade_updates stream. */
interface AlpacaFill {
  id: string;
  orderId: string;
  symbol: string;
  side: 'buy' | 'sell';
  qty: string | undefined;
  price: string | undefined;
  at: string | undefined;
}

function toTrade(
  fill: AlpacaFill,
  brokerId: string,
  notes: { strategyId?: string | null; reason?: string | null },
): Trade {
  const price = num(fill.price);
  return {
    id: fill.id,
    orderId: fill.orderId,
    symbol: fill.symbol,
    side: fill.side === 'buy' ? 'BUY' : 'SELL',
    quantity: num(fill.qty),
    price,
    timestamp: new Date(fill.at ?? Date.now()).toISOString(),
    strategyId: notes.strategyId ?? null,
    brokerId,
    status: 'FILLED',
    reason: notes.reason ?? null,
    executionPrice: price,
    // Alpaca charges no commission on stocks and ETFs.
    commission: 0,
    tags: [],
  };
}

/** A FILL account activity as a Trade of the broker `brokerId` (the connection's id). */
export function activityTrade(
  activity: AlpacaFillActivity,
  brokerId: string,
  notes: { strategyId?: string | null; reason?: string | null } = {},
): Trade {
  const { id, order_id: orderId, symbol, side, qty, price, transaction_time: at } = activity;
  return toTrade({ id, orderId, symbol, side, qty, price, at }, brokerId, notes);
}

/** A `fill` / `partial_fill` stream event as a Trade (null for any other event). */
export function updateTrade(
  update: AlpacaTradeUpdate,
  brokerId: string,
  notes: { strategyId?: string | null; reason?: string | null } = {},
): Trade | null {
  if (update.event !== 'fill' && update.event !== 'partial_fill') return null;
  const { order } = update;
  const id = update.execution_id ?? `${order.id}:${update.timestamp ?? order.updated_at ?? ''}`;
  const fill = { id, orderId: order.id, symbol: order.symbol, side: order.side, qty: update.qty, price: update.price };
  return toTrade({ ...fill, at: update.timestamp }, brokerId, notes);
}
