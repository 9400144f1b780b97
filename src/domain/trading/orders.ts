/**
 * Orders and trades as a broker reports them (spec §3 Order, Trade; the API's Order, Trade and
 * PlaceOrderInput): money in dollars, date-times ISO-8601. The order vocabulary is in ./orderTypes.ts.
 */
import type { OrderSide, OrderStatus, OrderType, TimeInForce } from './orderTypes';
import type { OrderRequest } from './risk';

/** An order as a client places it: the optional fields may be left out or null. */
export interface OrderInput {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  quantity: number;
  /** Limit price; required for LIMIT and STOP_LIMIT. */
  price?: number | null;
  /** Stop price; required for STOP and STOP_LIMIT. */
  stopPrice?: number | null;
  /** DAY when left out. */
  timeInForce?: TimeInForce | null;
  /** Makes placing idempotent per user: a replay returns the first order. */
  clientOrderId?: string | null;
  strategyId?: string | null;
  reason?: string | null;
}

/**
 * An order input once read: the request the risk rules check (./risk.ts), its symbol (upper-case) and its
 * free-text fields (trimmed; empty ones null).
 */
export interface ParsedOrderInput extends OrderRequest {
  symbol: string;
  clientOrderId: string | null;
  strategyId: string | null;
  reason: string | null;
}

export interface Order {
  id: string;
  clientOrderId: string | null;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  quantity: number;
  /** Limit price (LIMIT, STOP_LIMIT). */
  price: number | null;
  /** Stop price (STOP, STOP_LIMIT). */
  stopPrice: number | null;
  timeInForce: TimeInForce;
  status: OrderStatus;
  filledQuantity: number;
  averageFillPrice: number | null;
  /** When the order was placed. */
  timestamp: string;
  updatedAt: string;
  strategyId: string | null;
  /** Why the order was placed (free text), or why it was cancelled or expired. */
  reason: string | null;
}

/** A fill of an order. */
export interface Trade {
  id: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  quantity: number;
  /** Fill price per share. */
  price: number;
  timestamp: string;
  strategyId: string | null;
  /** The broker that filled it ('paper'). */
  brokerId: string;
  /** FILLED. */
  status: string;
  reason: string | null;
  /** Same as price at the paper broker (no slippage). */
  executionPrice: number;
  commission: number;
  tags: string[];
}

/** What cancelling every working order did: how many were cancelled, and why the others were not. */
export interface CancelAllResult {
  cancelled: number;
  errors: string[];
}
