/**
 * When and at what price a backtest fills an order, given OHLC bars (pure; the backtest engine calls it). It is
 * the bar-data counterpart of the paper broker's rules in `../trading/fills.ts` (issue 13: backtests fill by the
 * same rules as the paper broker).
 *
 * An order is decided at the close of bar i (a signal on bar i is only known once that bar has closed), so it
 * fills on bar i + 1 at the earliest: no look-ahead.
 *
 * Rules:
 * - MARKET fills at the next bar's open.
 * - LIMIT buy fills on the first bar whose low ≤ limit, at min(open, limit): at the open when the bar opens at or
 *   through the limit (a gap: better than the limit), else at the limit. LIMIT sell mirrors it: high ≥ limit, at
 *   max(open, limit). So never worse than the limit, as in the paper broker.
 * - STOP buy triggers on the first bar whose high ≥ stop and fills at max(open, stop): at the open when the bar
 *   gaps over the stop (worse than the stop), else at the stop. STOP sell mirrors it: low ≤ stop, at
 *   min(open, stop).
 * - A stop and a target working together (a bracket, one cancels the other) that are both reached in one bar:
 *   when the open already reaches one of them, that one fills (the open comes first); otherwise the order of the
 *   bar's high and low is unknown and the stop is assumed, the worse outcome for the trader
 *   ({@link bracketExit}).
 * - Slippage: the fill price moves against the trader by `slippageBps` basis points (buy × (1 + bps / 10 000),
 *   sell × (1 − bps / 10 000)) and is rounded to whole cents against the trader ({@link slippedCents}).
 * - Commission: `perTrade` dollars plus `perShare` dollars × quantity, rounded to cents ({@link commissionCents}).
 * - A LIMIT/STOP order works for `validBars` bars after the decision (default: until it fills, like GTC; 1 is a
 *   DAY order on daily bars).
 *
 * Where bars differ from the paper broker's quotes:
 * - A quote has a bid and an ask; a bar has one traded price path (OHLC). There is no spread: MARKET fills at the
 *   open, not at the ask/bid, and slippage stands for the spread and the market impact.
 * - Inside a bar the path is unknown, so a LIMIT fills at its limit (never at the better prices a quote stream
 *   might have shown) unless the open already crossed it, and a triggered STOP fills at its stop unless the open
 *   gapped through it.
 * - No liquidity cap (the broker's `availableQuantity` per quote): the whole order fills on one bar.
 * - No closed-market rule: bars exist only for trading time; DAY/GTC become a number of bars, IOC/FOK do not apply.
 * - STOP_LIMIT is not modelled yet.
 */
import type { Ohlcv } from '../market/candle';
import { toCents } from '../market/money';
import type { OrderSide, OrderType } from '../trading/orderTypes';

/** The prices of a bar the fill rules read. */
export type BarPrices = Pick<Ohlcv, 'open' | 'high' | 'low'>;

/** What a strategy decided at a bar's close; prices in dollars, like the bars. */
export type OrderIntent =
  /** Fill at the next bar's open. */
  | { type: Extract<OrderType, 'MARKET'>; side: OrderSide }
  /** Fill at `price` or better once a bar's range reaches it. */
  | { type: Extract<OrderType, 'LIMIT'>; side: OrderSide; price: number }
  /** Becomes a market order once a bar's range reaches `price`; fills at `price` or at a worse open. */
  | { type: Extract<OrderType, 'STOP'>; side: OrderSide; price: number };

/** Commission charged on every fill, in dollars; both parts optional and added. */
export interface Commission {
  perTrade?: number;
  perShare?: number;
}

/** Price (dollars, before slippage) at which a LIMIT fills on `bar`, or null when the bar does not reach it. */
export function limitFillPrice(side: OrderSide, limit: number, bar: BarPrices): number | null {
  if (side === 'BUY') return bar.low <= limit ? (bar.open < limit ? bar.open : limit) : null;
  return bar.high >= limit ? (bar.open > limit ? bar.open : limit) : null;
}

/** Price (dollars, before slippage) at which a STOP fills on `bar`, or null when the bar does not reach it. */
export function stopFillPrice(side: OrderSide, stop: number, bar: BarPrices): number | null {
  if (side === 'BUY') return bar.high >= stop ? (bar.open > stop ? bar.open : stop) : null;
  return bar.low <= stop ? (bar.open < stop ? bar.open : stop) : null;
}

/** Price (dollars, before slippage) at which `intent` fills on `bar` (a bar after the decision), or null. */
export function fillPrice(intent: OrderIntent, bar: BarPrices): number | null {
  switch (intent.type) {
    case 'MARKET':
      return bar.open;
    case 'LIMIT':
      return limitFillPrice(intent.side, intent.price, bar);
    case 'STOP':
      return stopFillPrice(intent.side, intent.price, bar);
  }
}

/** Which leg of a long position's protective bracket fills on `bar`. */
export type BracketLeg =
  /** Neither the stop nor the target is reached. */
  | 'none'
  /** The sell stop fills, at min(open, stop). */
  | 'stop'
  /** The sell limit (take profit) fills, at max(open, target). */
  | 'target';

/**
 * The leg of a sell stop at `stop` and a sell limit at `target` (stop < target; −Infinity / Infinity for a leg that
 * is absent) that fills on `bar`. When both are reached, the target wins only if the bar opens at or above it;
 * otherwise the stop is assumed (the worse for the trader, since the path inside the bar is unknown).
 */
export function bracketExit(stop: number, target: number, bar: BarPrices): BracketLeg {
  if (bar.low <= stop) return bar.open >= target ? 'target' : 'stop';
  return bar.high >= target ? 'target' : 'none';
}

/** Tolerance (in cents) for the binary representation of whole-cent prices before rounding them up or down. */
const CENT_TOLERANCE = 1e-6;

/**
 * The fill price in integer cents: `price` dollars moved by `slippageBps` against the trader, rounded to whole
 * cents against the trader too (up for a buy, down for a sell). A price already in whole cents with no slippage
 * stays exact.
 */
export function slippedCents(side: OrderSide, price: number, slippageBps: number): number {
  if (side === 'BUY') return Math.ceil(price * 100 * (1 + slippageBps / 10_000) - CENT_TOLERANCE);
  return Math.floor(price * 100 * (1 - slippageBps / 10_000) + CENT_TOLERANCE);
}

/** Commission in integer cents for a fill of `quantity` shares: perTrade + perShare × quantity, half up. */
export function commissionCents(quantity: number, commission: Commission): number {
  return toCents((commission.perTrade ?? 0) + (commission.perShare ?? 0) * quantity);
}

export interface BarFill {
  /** Index of the bar the order fills on. */
  index: number;
  /** Fill price in integer cents, slippage included. */
  priceCents: number;
}

/**
 * Where `intent`, decided at the close of bar `decidedAt`, fills: the first bar after it whose range reaches the
 * order (MARKET: the next bar), within `validBars` bars; null when it does not fill (or there is no next bar).
 */
export function findFill(
  intent: OrderIntent,
  bars: readonly BarPrices[],
  decidedAt: number,
  slippageBps: number,
  validBars = Number.POSITIVE_INFINITY,
): BarFill | null {
  const last = Math.min(bars.length - 1, decidedAt + validBars);
  for (let index = decidedAt + 1; index <= last; index++) {
    const price = fillPrice(intent, bars[index]!);
    if (price !== null) return { index, priceCents: slippedCents(intent.side, price, slippageBps) };
  }
  return null;
}
