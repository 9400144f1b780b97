/**
 * Alpaca Trading API v2 as it is on the wire (https://docs.alpaca.markets/reference/postorder, getaccount-1,
 * getallopenpositions, websocket-streaming): snake_case fields, numbers as decimal strings, RFC 3339 times.
 * Only the fields this app reads are typed; Alpaca sends more.
 */

/** Order statuses Alpaca reports (the less common ones included: an unknown one is read as still working). */
export type AlpacaOrderStatus =
  | 'new'
  | 'partially_filled'
  | 'filled'
  | 'done_for_day'
  | 'canceled'
  | 'expired'
  | 'replaced'
  | 'pending_cancel'
  | 'pending_replace'
  | 'accepted'
  | 'pending_new'
  | 'accepted_for_bidding'
  | 'stopped'
  | 'rejected'
  | 'suspended'
  | 'calculated';

export type AlpacaOrderType = 'market' | 'limit' | 'stop' | 'stop_limit' | 'trailing_stop';
export type AlpacaTimeInForce = 'day' | 'gtc' | 'opg' | 'cls' | 'ioc' | 'fok';

export interface AlpacaOrder {
  id: string;
  client_order_id: string;
  created_at: string;
  updated_at: string | null;
  submitted_at: string | null;
  filled_at: string | null;
  canceled_at: string | null;
  expired_at: string | null;
  failed_at: string | null;
  symbol: string;
  qty: string | null;
  notional: string | null;
  filled_qty: string;
  filled_avg_price: string | null;
  type: AlpacaOrderType;
  side: 'buy' | 'sell';
  time_in_force: AlpacaTimeInForce;
  limit_price: string | null;
  stop_price: string | null;
  status: AlpacaOrderStatus;
  extended_hours: boolean;
}

/** POST /v2/orders body (simple orders; bracket/OCO legs are not used by this app). */
export interface AlpacaOrderRequest {
  symbol: string;
  qty: string;
  side: 'buy' | 'sell';
  type: AlpacaOrderType;
  time_in_force: AlpacaTimeInForce;
  limit_price?: string;
  stop_price?: string;
  client_order_id?: string;
  /** The order may also work before the open and after the close (DAY limit orders only). */
  extended_hours?: boolean;
}

export interface AlpacaAccount {
  id: string;
  account_number: string;
  status: string;
  currency: string;
  cash: string;
  buying_power: string;
  portfolio_value: string;
  equity: string;
  last_equity: string;
  long_market_value: string;
  initial_margin: string;
  maintenance_margin: string;
  daytrade_count: number;
  pattern_day_trader: boolean;
  trading_blocked: boolean;
  account_blocked: boolean;
  trade_suspended_by_user: boolean;
}

export interface AlpacaPosition {
  symbol: string;
  qty: string;
  side: 'long' | 'short';
  avg_entry_price: string;
  market_value: string;
  cost_basis: string;
  unrealized_pl: string;
  unrealized_plpc: string;
  unrealized_intraday_pl: string;
  current_price: string;
  lastday_price: string;
}

export interface AlpacaClock {
  timestamp: string;
  is_open: boolean;
  next_open: string;
  next_close: string;
}

/** GET /v2/account/activities/FILL entries. */
export interface AlpacaFillActivity {
  id: string;
  activity_type: 'FILL';
  transaction_time: string;
  type: 'fill' | 'partial_fill';
  price: string;
  qty: string;
  side: 'buy' | 'sell';
  symbol: string;
  order_id: string;
  cum_qty: string;
  leaves_qty: string;
}

/**
 * A cash transfer (GET /v2/account/activities?activity_types=CSD,CSW, a non-trade activity): CSD a deposit (+),
 * CSW a withdrawal (−), `net_amount` signed; `date` the day it settled ('YYYY-MM-DD', sometimes with a time).
 */
export interface AlpacaCashActivity {
  id: string;
  activity_type: 'CSD' | 'CSW';
  date: string;
  net_amount: string;
  description?: string;
  status?: string;
}

/**
 * GET /v2/account/portfolio/history (https://docs.alpaca.markets/reference/getaccountportfoliohistory): parallel
 * arrays, one entry per `timeframe` step; `timestamp` in epoch seconds; `equity` the account's value at its end
 * (null or 0 before the account was funded); `profit_loss` against `base_value`.
 */
export interface AlpacaPortfolioHistory {
  timestamp: number[];
  equity: (number | null)[];
  profit_loss: (number | null)[];
  profit_loss_pct: (number | null)[];
  base_value: number;
  base_value_asof?: string;
  timeframe: string;
}

/** An error body: `{ code, message }` (code e.g. 40310000 insufficient buying power, 42210000 invalid input). */
export interface AlpacaErrorBody {
  code?: number;
  message?: string;
}

/** One `trade_updates` event (websocket-streaming); fill events carry the fill's price, qty and time. */
export interface AlpacaTradeUpdate {
  event: string;
  execution_id?: string;
  order: AlpacaOrder;
  timestamp?: string;
  price?: string;
  qty?: string;
  position_qty?: string;
}
