/**
 * Tradier's trading shapes ↔ the app's (src/domain/trading): orders, positions, balances, account events.
 *
 * Rules:
 * - Status: open and pending are working orders (OPEN, or PARTIALLY_FILLED once some shares filled);
 *   partially_filled → PARTIALLY_FILLED; filled → FILLED; canceled → CANCELLED; expired → EXPIRED; rejected and
 *   error → REJECTED.
 * - Sides: buy and buy_to_cover are BUY, sell and sell_short SELL; the app sends buy and sell only (no short
 *   selling). Durations: day, pre and post read as DAY, gtc as GTC; Tradier has no IOC or FOK for equities, so
 *   such an order is refused naming timeInForce before it is sent.
 * - The client order id travels as Tradier's `tag` (letters, digits and dashes, at most 255): an id that fits is
 *   sent as it is; another is sent as its allowed characters plus a dash and 12 hex digits of its SHA-256, so the
 *   same id always gives the same tag and two ids never share one in practice.
 * - Positions carry no price: a position is valued at its quote's last price (at its average cost without one);
 *   its day P&L is from the previous close, or from its cost when it was opened today (New York date).
 * - Tradier does not report day trades made: the snapshot's dayTradeCount is 0; a pdt account is flagged
 *   pattern day trader. Buying power is the stock buying power of a margin or pdt account, the cash available of
 *   a cash account.
 * - The strategy id and reason are not Tradier's: the caller keeps them beside the order id.
 */
import { createHash } from 'node:crypto';
import type { BrokerAccountSnapshot } from '../../../db/schema';
import type { Portfolio, Position } from '../../../../src/domain/trading/account';
import { easternDayNumber } from '../../../../src/domain/market/calendar';
import type { Order, OrderInput } from '../../../../src/domain/trading/orders';
import type { OrderStatus, OrderType, TimeInForce } from '../../../../src/domain/trading/orderTypes';
import { roundQuantity } from '../../../../src/domain/trading/orderTypes';
import { badUserInput } from '../../errors';
import type {
  TradierAccountEvent,
  TradierBalances,
  TradierDuration,
  TradierOrder,
  TradierOrderRequest,
  TradierOrderStatus,
  TradierPosition,
  TradierProfileAccount,
  TradierQuote,
} from './wire';

const TERMINAL: Partial<Record<TradierOrderStatus, OrderStatus>> = {
  filled: 'FILLED',
  canceled: 'CANCELLED',
  expired: 'EXPIRED',
  rejected: 'REJECTED',
  error: 'REJECTED',
};

const num = (value: number | null | undefined): number => (value == null || !Number.isFinite(value) ? 0 : value);

export function orderStatus(order: { status: string; exec_quantity?: number }): OrderStatus {
  const terminal = TERMINAL[order.status as TradierOrderStatus];
  if (terminal) return terminal;
  return order.status === 'partially_filled' || num(order.exec_quantity) > 0 ? 'PARTIALLY_FILLED' : 'OPEN';
}

const TYPES: Record<TradierOrder['type'], OrderType> = {
  market: 'MARKET',
  limit: 'LIMIT',
  stop: 'STOP',
  stop_limit: 'STOP_LIMIT',
};

const DURATIONS: Record<TradierDuration, TimeInForce> = { day: 'DAY', gtc: 'GTC', pre: 'DAY', post: 'DAY' };

const TAG = /^[A-Za-z0-9-]{1,255}$/;

/** The `tag` Tradier keeps for a client order id (see the rules above). */
export function tradierTag(clientOrderId: string): string {
  if (TAG.test(clientOrderId)) return clientOrderId;
  const digest = createHash('sha256').update(clientOrderId).digest('hex').slice(0, 12);
  return `${clientOrderId.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 200)}-${digest}`;
}

export function toOrder(
  order: TradierOrder,
  extra: { clientOrderId?: string | null; strategyId?: string | null; reason?: string | null } = {},
): Order {
  const type = TYPES[order.type] ?? 'MARKET';
  const filled = num(order.exec_quantity);
  return {
    id: String(order.id),
    clientOrderId: extra.clientOrderId ?? order.tag ?? null,
    symbol: order.symbol,
    side: order.side === 'buy' || order.side === 'buy_to_cover' ? 'BUY' : 'SELL',
    type,
    quantity: num(order.quantity),
    price: type === 'LIMIT' || type === 'STOP_LIMIT' ? (order.price ?? null) : null,
    stopPrice: type === 'STOP' || type === 'STOP_LIMIT' ? (order.stop_price ?? null) : null,
    timeInForce: DURATIONS[order.duration] ?? 'DAY',
    status: orderStatus(order),
    filledQuantity: filled,
    averageFillPrice: filled > 0 ? num(order.avg_fill_price) : null,
    timestamp: new Date(order.create_date).toISOString(),
    updatedAt: new Date(order.transaction_date ?? order.create_date).toISOString(),
    strategyId: extra.strategyId ?? null,
    reason: extra.reason ?? (order.status === 'rejected' ? (order.reason_description ?? null) : null),
  };
}

/** The POST /accounts/{id}/orders form for an order of the app (already validated by the order path). */
export function toOrderRequest(input: OrderInput): TradierOrderRequest {
  const timeInForce = input.timeInForce ?? 'DAY';
  if (timeInForce !== 'DAY' && timeInForce !== 'GTC')
    throw badUserInput(`timeInForce: Tradier takes DAY or GTC orders only, not ${timeInForce}`);
  const body: TradierOrderRequest = {
    class: 'equity',
    symbol: input.symbol,
    side: input.side === 'BUY' ? 'buy' : 'sell',
    quantity: String(roundQuantity(input.quantity)),
    type: input.type.toLowerCase() as TradierOrderRequest['type'],
    duration: timeInForce === 'GTC' ? 'gtc' : 'day',
  };
  if (input.price != null) body.price = String(input.price);
  if (input.stopPrice != null) body.stop = String(input.stopPrice);
  if (input.clientOrderId) body.tag = tradierTag(input.clientOrderId);
  return body;
}

export function toPosition(position: TradierPosition, quote: TradierQuote | undefined, now: Date): Position {
  const quantity = num(position.quantity);
  const costBasis = num(position.cost_basis);
  const averageCost = quantity !== 0 ? Math.abs(costBasis / quantity) : 0;
  const currentPrice = quote?.last ?? averageCost;
  const marketValue = quantity * currentPrice;
  const unrealizedPnL = marketValue - costBasis;
  const openedToday = easternDayNumber(Date.parse(position.date_acquired)) === easternDayNumber(now.getTime());
  const previousClose = quote?.prevclose;
  let dayPnL = 0;
  if (openedToday) dayPnL = unrealizedPnL;
  else if (previousClose != null) dayPnL = quantity * (currentPrice - previousClose);
  return {
    symbol: position.symbol,
    quantity,
    averageCost,
    currentPrice,
    marketValue,
    costBasis,
    unrealizedPnL,
    unrealizedPnLPercent: costBasis !== 0 ? (unrealizedPnL / Math.abs(costBasis)) * 100 : 0,
    // Tradier's positions do not carry realised P&L (its gain/loss history does).
    realizedPnL: 0,
    dayPnL,
    side: quantity < 0 ? 'short' : 'long',
  };
}

export function buyingPower(balances: TradierBalances): number {
  return num(balances.margin?.stock_buying_power ?? balances.pdt?.stock_buying_power ?? balances.cash?.cash_available);
}

/** The account's balances and priced positions as the app's Portfolio. */
export function toPortfolio(
  balances: TradierBalances,
  positions: readonly TradierPosition[],
  quotes: readonly TradierQuote[],
  now: Date,
): Portfolio {
  const bySymbol = new Map(quotes.map((quote) => [quote.symbol, quote]));
  const mapped = positions.map((position) => toPosition(position, bySymbol.get(position.symbol), now));
  const unrealized = mapped.reduce((sum, position) => sum + position.unrealizedPnL, 0);
  const cost = mapped.reduce((sum, position) => sum + Math.abs(position.costBasis), 0);
  const dayGainLoss = mapped.reduce((sum, position) => sum + position.dayPnL, 0);
  const totalValue = num(balances.total_equity);
  const previous = totalValue - dayGainLoss;
  return {
    totalValue,
    // Tradier does not report the money paid in: the gain shown is the open positions' unrealised P&L.
    totalGainLoss: unrealized,
    totalGainLossPercent: cost > 0 ? (unrealized / cost) * 100 : 0,
    dayGainLoss,
    dayGainLossPercent: previous > 0 ? (dayGainLoss / previous) * 100 : 0,
    cash: num(balances.total_cash),
    buyingPower: buyingPower(balances),
    marginUsed: balances.account_type === 'cash' ? 0 : num(balances.current_requirement),
    lastUpdated: now.toISOString(),
    positions: mapped,
  };
}

/** The snapshot a connection stores (server/db/tables/brokers.ts). */
export function accountSnapshot(account: TradierProfileAccount, balances: TradierBalances): BrokerAccountSnapshot {
  return {
    accountNumber: account.account_number,
    buyingPower: buyingPower(balances),
    portfolioValue: num(balances.total_equity),
    cashBalance: num(balances.total_cash),
    dayTradeCount: 0,
    isPatternDayTrader: balances.account_type === 'pdt' || account.day_trader === true,
    marginUsed: balances.account_type === 'cash' ? 0 : num(balances.current_requirement),
    tradingBlocked: account.status.toLowerCase() !== 'active',
  };
}

/** What an order event of the account stream says about the order it names. */
export interface TradierOrderUpdate {
  orderId: string;
  status: OrderStatus;
  filledQuantity: number;
  averageFillPrice: number | null;
  /**
   * The last fill, on a filled or partially_filled event (later events repeat it: a consumer keys fills by order
   * and filledQuantity).
   */
  fill: { quantity: number; price: number } | null;
  at: string;
}

export function toOrderUpdate(event: TradierAccountEvent): TradierOrderUpdate | null {
  if (event.event !== 'order' || event.id == null || typeof event.status !== 'string') return null;
  const filled = num(event.executed_quantity);
  const lastQuantity = num(event.last_fill_quantity);
  return {
    orderId: String(event.id),
    status: orderStatus({ status: event.status, exec_quantity: filled }),
    filledQuantity: filled,
    averageFillPrice: filled > 0 ? num(event.avg_fill_price) : null,
    fill:
      lastQuantity > 0 && (event.status === 'filled' || event.status === 'partially_filled')
        ? { quantity: lastQuantity, price: num(event.last_fill_price) }
        : null,
    at: new Date(event.transaction_date ?? Date.now()).toISOString(),
  };
}
