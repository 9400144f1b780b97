/**
 * When and at what price the paper broker fills an order, given the current quote (pure; the engine calls
 * it on every quote tick of a symbol with working orders, and once when an order is placed).
 *
 * Rules:
 * - While the market is closed nothing fills: DAY/GTC orders wait (OPEN) for the open; IOC/FOK are cancelled.
 * - MARKET fills at the ask (buy) or the bid (sell).
 * - LIMIT buy fills when ask ≤ limit, sell when bid ≥ limit — at the quote (ask/bid), so never worse than the
 *   limit and sometimes better.
 * - STOP triggers when the market reaches the stop (buy: ask ≥ stop, sell: bid ≤ stop), then fills as MARKET;
 *   STOP_LIMIT triggers the same way, then behaves as LIMIT. A triggered order stays triggered.
 * - Liquidity: at most `available` shares fill per quote (see {@link availableQuantity}); the rest stays working
 *   (PARTIALLY_FILLED). IOC fills what it can at once and cancels the rest; FOK fills completely at once or is
 *   cancelled without a fill.
 */
import { roundQuantity, type OrderSide, type OrderType, type TimeInForce } from './orderTypes';

export interface QuoteCents {
  bidCents: number;
  askCents: number;
}

/** The part of an order the fill rules look at. */
export interface WorkingOrder {
  side: OrderSide;
  type: OrderType;
  timeInForce: TimeInForce;
  /** Shares still to fill. */
  remaining: number;
  limitCents: number | null;
  stopCents: number | null;
  /** Whether a STOP/STOP_LIMIT order's stop has already been reached. */
  triggered: boolean;
}

export type FillDecision =
  /** Fill `quantity` shares at `priceCents`; `rest` says what happens to the remainder. */
  | { kind: 'fill'; quantity: number; priceCents: number; triggered: boolean; rest: 'keep' | 'cancel' }
  /** Nothing fills now; the order keeps working (`triggered` may have changed). */
  | { kind: 'wait'; triggered: boolean }
  /** The order ends without (another) fill. */
  | { kind: 'cancel'; triggered: boolean; reason: string };

export const IOC_UNFILLED_REASON = 'Immediate-or-cancel: not marketable, cancelled';
export const FOK_UNFILLED_REASON = 'Fill-or-kill: could not fill completely at once, cancelled';
export const CLOSED_REASON = 'Market closed: immediate orders cannot wait for the open';

/** Whether the stop of a STOP/STOP_LIMIT order is reached by the quote. */
export function stopReached(side: OrderSide, stopCents: number, quote: QuoteCents): boolean {
  return side === 'BUY' ? quote.askCents >= stopCents : quote.bidCents <= stopCents;
}

/** The fill price if the order is marketable against the quote now, else null. */
export function marketablePrice(side: OrderSide, limitCents: number | null, quote: QuoteCents): number | null {
  const price = side === 'BUY' ? quote.askCents : quote.bidCents;
  if (limitCents === null) return price;
  return side === 'BUY' ? (price <= limitCents ? price : null) : price >= limitCents ? price : null;
}

export function decideFill(
  order: WorkingOrder,
  quote: QuoteCents,
  marketOpen: boolean,
  available: number,
): FillDecision {
  const immediate = order.timeInForce === 'IOC' || order.timeInForce === 'FOK';
  let triggered = order.triggered;
  if (!marketOpen) {
    return immediate ? { kind: 'cancel', triggered, reason: CLOSED_REASON } : { kind: 'wait', triggered };
  }
  const unfilled = (): FillDecision =>
    immediate
      ? { kind: 'cancel', triggered, reason: order.timeInForce === 'IOC' ? IOC_UNFILLED_REASON : FOK_UNFILLED_REASON }
      : { kind: 'wait', triggered };

  if ((order.type === 'STOP' || order.type === 'STOP_LIMIT') && !triggered) {
    if (order.stopCents === null || !stopReached(order.side, order.stopCents, quote)) return unfilled();
    triggered = true;
  }
  const limit = order.type === 'LIMIT' || order.type === 'STOP_LIMIT' ? order.limitCents : null;
  const priceCents = marketablePrice(order.side, limit, quote);
  if (priceCents === null || !(available > 0)) return unfilled();

  const quantity = roundQuantity(Math.min(order.remaining, available));
  const complete = quantity >= order.remaining;
  if (order.timeInForce === 'FOK' && !complete) {
    return { kind: 'cancel', triggered, reason: FOK_UNFILLED_REASON };
  }
  return { kind: 'fill', quantity, priceCents, triggered, rest: immediate && !complete ? 'cancel' : 'keep' };
}

/**
 * Whether `quote` does something to a working order while the market is open and shares are on offer: it fills, its
 * stop triggers, or it ends (IOC/FOK). Every other order of the book waits, so on a quote the engine reads only these
 * (its SQL mirrors this function) and {@link decideFill} decides each.
 */
export function actsOnQuote(
  order: Pick<WorkingOrder, 'side' | 'type' | 'timeInForce' | 'limitCents' | 'stopCents' | 'triggered'>,
  quote: QuoteCents,
): boolean {
  if (order.timeInForce === 'IOC' || order.timeInForce === 'FOK') return true;
  if ((order.type === 'STOP' || order.type === 'STOP_LIMIT') && !order.triggered) {
    return order.stopCents !== null && stopReached(order.side, order.stopCents, quote);
  }
  const limit = order.type === 'LIMIT' || order.type === 'STOP_LIMIT' ? order.limitCents : null;
  return marketablePrice(order.side, limit, quote) !== null;
}

/**
 * Shares the simulated book offers per quote: a tenth of an average minute's volume (avgVolume / 390 / 10),
 * at least 100 shares. Large orders therefore fill over several ticks.
 */
export function availableQuantity(avgDailyVolume: number): number {
  return Math.max(100, Math.floor(avgDailyVolume / 3900));
}
