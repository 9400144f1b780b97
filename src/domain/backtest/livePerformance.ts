/**
 * A strategy's live (paper) record as a backtest's inputs (issue 13 point 6; pure): its fills matched into round
 * trips and a daily equity curve, for `computeMetrics` (./metrics.ts).
 *
 * Rules:
 * - Long only, as the paper cash account trades: a BUY opens a lot; a SELL closes the oldest lots of its symbol first
 *   (FIFO). A SELL beyond the open lots (shares bought before the period, or by hand) is ignored.
 * - One outcome per (lot, sell) pair of m shares: pnl = m × (exit − entry) − the lot's entry commission for those m
 *   shares − the sell's commission for those m shares; return = pnl / (m × entry + that entry commission).
 * - Equity at a day's close = capital + Σ sells (q × p − commission) − Σ buys (q × p + commission) of the fills up
 *   to that day + the open shares × the day's close (capital + realised + unrealised P&L). A fill belongs to the
 *   last day whose bar starts at or before it (to the first day when it comes earlier). A symbol without a close
 *   yet that day counts at its last fill price.
 * - A day is in the market when shares are open at its close.
 */
import type { TradeOutcome } from './metrics';

export interface LiveFill {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  /** Dollars per share. */
  price: number;
  /** Dollars. */
  commission: number;
  /** Epoch ms. */
  time: number;
}

export interface RoundTrip extends TradeOutcome {
  symbol: string;
  quantity: number;
  entryTime: number;
  exitTime: number;
  /** The lot's buy price and the sell's price, dollars per share. */
  entryPrice: number;
  exitPrice: number;
  /** The commissions of these shares at entry and at exit, dollars. */
  entryCommission: number;
  exitCommission: number;
}

interface Lot {
  quantity: number;
  price: number;
  /** Entry commission per share. */
  commission: number;
  time: number;
}

/** A stored trade (money in integer cents, its time a Date) as a fill in dollars and epoch ms. */
export function liveFillOfTrade(trade: {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  priceCents: number;
  commissionCents: number;
  createdAt: Date;
}): LiveFill {
  return {
    symbol: trade.symbol,
    side: trade.side,
    quantity: trade.quantity,
    price: trade.priceCents / 100,
    commission: trade.commissionCents / 100,
    time: trade.createdAt.getTime(),
  };
}

/** Same-size tolerance of share quantities (numeric(20, 6)). */
const EPSILON = 1e-9;

/**
 * Walks the fills in time order through FIFO lots per symbol; `onFill` sees the open cost (Σ lots' quantity ×
 * price over all symbols) after each fill.
 */
function walkFifo(fills: readonly LiveFill[], onFill?: (openCost: number) => void): RoundTrip[] {
  const lots = new Map<string, Lot[]>();
  const trips: RoundTrip[] = [];
  let openCost = 0;
  for (const fill of [...fills].sort((a, b) => a.time - b.time)) {
    const queue = lots.get(fill.symbol) ?? [];
    lots.set(fill.symbol, queue);
    if (fill.side === 'BUY') {
      queue.push({
        quantity: fill.quantity,
        price: fill.price,
        commission: fill.commission / fill.quantity,
        time: fill.time,
      });
      openCost += fill.quantity * fill.price;
    } else {
      let left = fill.quantity;
      while (left > EPSILON && queue.length > 0) {
        const lot = queue[0]!;
        const m = Math.min(lot.quantity, left);
        const entryCommission = m * lot.commission;
        const exitCommission = (fill.commission * m) / fill.quantity;
        const pnl = m * (fill.price - lot.price) - entryCommission - exitCommission;
        trips.push({
          symbol: fill.symbol,
          quantity: m,
          entryTime: lot.time,
          exitTime: fill.time,
          entryPrice: lot.price,
          exitPrice: fill.price,
          entryCommission,
          exitCommission,
          pnl,
          return: pnl / (m * lot.price + entryCommission),
        });
        openCost -= m * lot.price;
        lot.quantity -= m;
        left -= m;
        if (lot.quantity <= EPSILON) queue.shift();
      }
    }
    onFill?.(openCost);
  }
  return trips;
}

/** The fills' round trips, FIFO per symbol, in the order they closed. */
export function matchRoundTrips(fills: readonly LiveFill[]): RoundTrip[] {
  return walkFifo(fills);
}

/** The largest cost of the open lots at any moment (Σ quantity × entry price over all symbols); 0 without a buy. */
export function peakOpenCost(fills: readonly LiveFill[]): number {
  let peak = 0;
  walkFifo(fills, (cost) => {
    peak = Math.max(peak, cost);
  });
  return peak;
}

export interface LiveEquity {
  /** Equity at each day's close (dollars), one per entry of `days`. */
  equity: Float64Array;
  /** Cash at each day's close (dollars): equity − the open shares' value. */
  cash: Float64Array;
  /** Days with shares open at the close. */
  barsInMarket: number;
}

/**
 * The daily equity curve of the fills (see the rules above). `days` are the bars' start times, ascending;
 * `closes` maps each symbol to its closes by bar time.
 */
export function liveEquityCurve(
  fills: readonly LiveFill[],
  days: readonly number[],
  closes: ReadonlyMap<string, ReadonlyMap<number, number>>,
  capital: number,
): LiveEquity {
  const sorted = [...fills].sort((a, b) => a.time - b.time);
  const held = new Map<string, number>();
  const lastPrice = new Map<string, number>();
  const equity = new Float64Array(days.length);
  const cashAt = new Float64Array(days.length);
  let cash = capital;
  let barsInMarket = 0;
  let next = 0;
  days.forEach((day, i) => {
    const end = days[i + 1] ?? Infinity;
    while (next < sorted.length && sorted[next]!.time < end) {
      const fill = sorted[next++]!;
      const sign = fill.side === 'BUY' ? 1 : -1;
      const owned = held.get(fill.symbol) ?? 0;
      // A sell beyond the shares held is ignored, as in the round trips.
      const quantity = sign > 0 ? fill.quantity : Math.min(fill.quantity, owned);
      if (quantity <= EPSILON) continue;
      const commission = (fill.commission * quantity) / fill.quantity;
      cash -= sign * quantity * fill.price + commission;
      held.set(fill.symbol, owned + sign * quantity);
      lastPrice.set(fill.symbol, fill.price);
    }
    let value = cash;
    let open = false;
    for (const [symbol, quantity] of held) {
      if (quantity <= EPSILON) continue;
      open = true;
      const close = closes.get(symbol)?.get(day) ?? lastPrice.get(symbol)!;
      lastPrice.set(symbol, close);
      value += quantity * close;
    }
    if (open) barsInMarket++;
    equity[i] = value;
    cashAt[i] = cash;
  });
  return { equity, cash: cashAt, barsInMarket };
}
