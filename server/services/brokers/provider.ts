import type { Portfolio, Position } from '../../../src/domain/trading/account';
import type { BrokerInfo, TradingMode } from '../../../src/domain/trading/broker';
import type { CancelAllResult, Order, OrderInput, Trade } from '../../../src/domain/trading/orders';
import type { OrderStatus, OrderType, TimeInForce } from '../../../src/domain/trading/orderTypes';

/** What a broker accepts, so the app can offer only that. */
export interface BrokerCapabilities {
  orderTypes: readonly OrderType[];
  timesInForce: readonly TimeInForce[];
  /** Share quantities with decimals (the paper broker: PAPER_FRACTIONAL). */
  fractionalShares: boolean;
}

/** A page of the user's orders, newest first; `limit` defaults to the broker's page size. */
export interface OrdersQuery {
  limit?: number | null;
  status?: OrderStatus | null;
  /** Only the orders placed under this strategy. */
  strategyId?: string | null;
}

/** A page of the user's trades (fills), newest first; `limit` defaults to the broker's page size. */
export interface TradesQuery {
  limit?: number | null;
  symbol?: string | null;
}

/**
 * A broker the app trades through (spec §3 Order, Trade, Portfolio; §7): it takes orders and keeps the user's
 * account. The embedded default is the paper broker (server/services/trading/engine.ts); live brokers (Alpaca
 * trading, …) implement the same interface. Every call is scoped to one user of the app (another user's order
 * is not found); money is in dollars and date-times are ISO-8601 (the shapes of src/domain/trading); a refused
 * order is an AppError with an order error code (src/domain/trading/orderErrors.ts). Order changes, fills and
 * portfolio changes are also published on the event bus (orderUpdated, tradeExecuted, portfolioUpdated).
 */
export interface BrokerProvider {
  /** Stable identifier, e.g. 'paper': the BrokerInfo id and every Trade's brokerId. */
  readonly id: string;
  /** Display name, e.g. 'Paper Trading'. */
  readonly name: string;
  /** paper (simulated fills) or live (real orders). */
  readonly environment: TradingMode;
  readonly capabilities: BrokerCapabilities;
  /**
   * The user's account at this broker: identity, connection and, when the broker reports them with the
   * account, balances (null ones are read from `portfolio`).
   */
  account(userId: string): Promise<BrokerInfo>;
  placeOrder(userId: string, input: OrderInput): Promise<Order>;
  /** Cancels a working order; NOT_FOUND for an unknown id, order_not_cancellable once it is done. */
  cancelOrder(userId: string, orderId: string): Promise<Order>;
  /**
   * Cancels every working order (of `symbol` only, when given; placed by strategy `strategyId` only, when given); the
   * ones that could not be are in `errors`.
   */
  cancelAllOrders(userId: string, symbol?: string | null, strategyId?: string | null): Promise<CancelAllResult>;
  /** Sells `percentage` (0 < p ≤ 100) of the position with a market DAY order. */
  closePosition(userId: string, symbol: string, percentage: number): Promise<Order>;
  orders(userId: string, query?: OrdersQuery): Promise<Order[]>;
  order(userId: string, orderId: string): Promise<Order | null>;
  trades(userId: string, query?: TradesQuery): Promise<Trade[]>;
  /** The account's balances (cash, buying power, value) and positions now. */
  portfolio(userId: string): Promise<Portfolio>;
  positions(userId: string): Promise<Position[]>;
  /** The user's portfolio after each change, while the consumer iterates. */
  portfolioUpdates(userId: string): AsyncIterable<Portfolio>;
  /**
   * Starts the background work (order matching, expiry, streams): singleton work, run by the leader process
   * (server/services/leader), started again when this process leads again.
   */
  start(): Promise<void>;
  /** Stops the background work and waits for what is under way. */
  stop(): Promise<void>;
  /** Stops all work for good (the app closes). */
  close(): Promise<void>;
}
