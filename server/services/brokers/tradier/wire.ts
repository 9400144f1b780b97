/**
 * Tradier's brokerage API as it is on the wire (https://documentation.tradier.com/brokerage-api): JSON with
 * `Accept: application/json`, numbers as JSON numbers, dates as ISO-8601 strings, request bodies form-encoded.
 * Only the fields this app reads are typed; Tradier sends more.
 *
 * Tradier's lists come in three shapes: an empty one is the STRING "null" (`{"positions": "null"}`), one item
 * is an object, several are an array (`{"positions": {"position": {...} | [...]}}`); `listOf` reads all three.
 */

/** `{ key: "null" }`, `{ key: { item: T } }` or `{ key: { item: T[] } }` → T[]. */
export function listOf<T>(container: unknown, item: string): T[] {
  if (container == null || typeof container !== 'object') return [];
  const value = (container as Record<string, unknown>)[item];
  if (value == null) return [];
  return (Array.isArray(value) ? value : [value]) as T[];
}

export type TradierList<K extends string, T> = 'null' | null | { [key in K]: T | T[] };

/** GET /user/profile: the accounts the token opens. */
export interface TradierProfileAccount {
  account_number: string;
  classification?: string;
  /** cash | margin | pdt */
  type: string;
  /** active | closed … */
  status: string;
  day_trader?: boolean;
  option_level?: number;
  date_created?: string;
  last_update_date?: string;
}

export interface TradierProfileResponse {
  profile: { id: string; name: string; account: TradierProfileAccount | TradierProfileAccount[] };
}

/** GET /accounts/{id}/balances. The nested block present is the one of `account_type`. */
export interface TradierBalances {
  account_number: string;
  account_type: 'cash' | 'margin' | 'pdt';
  total_equity: number;
  total_cash: number;
  market_value: number;
  long_market_value: number;
  short_market_value: number;
  open_pl: number;
  close_pl: number;
  current_requirement: number;
  pending_orders_count: number;
  uncleared_funds?: number;
  pending_cash?: number;
  cash?: { cash_available: number; sweep: number; unsettled_funds: number };
  margin?: { stock_buying_power: number; option_buying_power: number; fed_call: number; maintenance_call: number };
  pdt?: {
    stock_buying_power: number;
    option_buying_power: number;
    day_trade_buying_power: number;
    fed_call: number;
    maintenance_call: number;
  };
}

export interface TradierBalancesResponse {
  balances: TradierBalances;
}

/** GET /accounts/{id}/positions: no price (the caller reads quotes); negative quantity = short. */
export interface TradierPosition {
  id: number;
  symbol: string;
  quantity: number;
  cost_basis: number;
  date_acquired: string;
}

/**
 * GET /accounts/{id}/history?type=ach|wire|journal (updated nightly by the clearing firm): one event per cash
 * movement, `amount` signed (deposits +, withdrawals −), `date` the day (RFC 3339 at midnight UTC).
 */
export interface TradierHistoryEvent {
  amount: number;
  date: string;
  type: string;
}

export interface TradierHistoryResponse {
  history: TradierList<'event', TradierHistoryEvent>;
}

export interface TradierPositionsResponse {
  positions: TradierList<'position', TradierPosition>;
}

/** GET /markets/quotes?symbols=…: the fields used to value positions. */
export interface TradierQuote {
  symbol: string;
  last: number | null;
  prevclose: number | null;
  bid?: number | null;
  ask?: number | null;
}

export interface TradierQuotesResponse {
  quotes: TradierList<'quote', TradierQuote> & { unmatched_symbols?: unknown };
}

export type TradierOrderStatus =
  'open' | 'partially_filled' | 'filled' | 'expired' | 'canceled' | 'pending' | 'rejected' | 'error';

export type TradierOrderType = 'market' | 'limit' | 'stop' | 'stop_limit';
export type TradierSide = 'buy' | 'sell' | 'sell_short' | 'buy_to_cover';
export type TradierDuration = 'day' | 'gtc' | 'pre' | 'post';

export interface TradierOrder {
  id: number;
  type: TradierOrderType;
  symbol: string;
  side: TradierSide;
  quantity: number;
  status: TradierOrderStatus;
  duration: TradierDuration;
  /** Limit price (limit, stop_limit). */
  price?: number | null;
  stop_price?: number | null;
  avg_fill_price: number;
  exec_quantity: number;
  last_fill_price: number;
  last_fill_quantity: number;
  remaining_quantity: number;
  create_date: string;
  transaction_date: string;
  class: string;
  tag?: string;
  reason_description?: string;
}

export interface TradierOrdersResponse {
  orders: TradierList<'order', TradierOrder>;
}

export interface TradierOrderResponse {
  order: TradierOrder;
}

/** POST /accounts/{id}/orders, form-encoded (equity orders only in this app). */
export interface TradierOrderRequest {
  class: 'equity';
  symbol: string;
  side: TradierSide;
  quantity: string;
  type: TradierOrderType;
  duration: TradierDuration;
  price?: string;
  stop?: string;
  tag?: string;
}

/** POST and DELETE on orders answer the order's id and 'ok'. */
export interface TradierOrderAck {
  order: { id: number; status: string; partner_id?: string };
}

/** A refusal: `{"errors":{"error":"…"}}` or with several messages, `["message", "Code"]`. */
export interface TradierErrorBody {
  errors?: { error?: string | string[] };
  fault?: { faultstring?: string };
}

/** POST /accounts/events/session. */
export interface TradierStreamSessionResponse {
  stream: { url: string; sessionid: string };
}

/**
 * One message of the account events WebSocket: an order event names the order by id only (no symbol or side);
 * the order itself is read over REST when more is needed. Heartbeats have event 'heartbeat'.
 */
export interface TradierAccountEvent {
  event: 'order' | 'heartbeat' | string;
  id?: number;
  status?: TradierOrderStatus | string;
  type?: string;
  price?: number;
  stop_price?: number;
  avg_fill_price?: number;
  executed_quantity?: number;
  last_fill_quantity?: number;
  last_fill_price?: number;
  remaining_quantity?: number;
  transaction_date?: string;
  create_date?: string;
  account?: string;
}

/** The token endpoints' answer (POST /oauth/accesstoken, /oauth/refreshtoken). */
export interface TradierTokenResponse {
  access_token: string;
  refresh_token?: string;
  /** Seconds. */
  expires_in: number;
  issued_at?: string;
  scope?: string;
  status?: string;
}
