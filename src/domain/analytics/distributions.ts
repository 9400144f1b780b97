/**
 * Distributions of closed trades for the Analytics page's Metrics tab (issue 15 point 5; pure): how many round trips
 * won or lost how much, and how long they were held.
 *
 * Rules:
 * - A histogram has fixed edges e_0 < … < e_{n−1} and n + 1 buckets: (−∞, e_0), [e_0, e_1), …, [e_{n−1}, +∞);
 *   `from` null is the open lower end, `to` null the open upper end. Every bucket is returned, empty ones with count 0,
 *   so two periods compare bar for bar. A bucket's `pnl` is the sum of its trades' P&L (dollars).
 * - Win/loss distribution: by a trade's return (its P&L over the money it put in, ../backtest/livePerformance.ts),
 *   edges −10 %, −5 %, −2 %, 0, 2 %, 5 %, 10 %: losses fall left of 0, wins and break-evens at or right of it.
 * - Holding-time distribution: by exit − entry in hours, edges 1 hour, 1 day, 1 week, 30 days, 91 days, 365 days.
 */
import type { RoundTrip } from '../backtest/livePerformance';
import { HOUR_MS } from '../market/calendar';

export interface HistogramBucket {
  /** Inclusive lower edge; null: no lower bound. */
  from: number | null;
  /** Exclusive upper edge; null: no upper bound. */
  to: number | null;
  count: number;
  /** Dollars: the P&L of the trades in the bucket. */
  pnl: number;
}

export const RETURN_EDGES = [-0.1, -0.05, -0.02, 0, 0.02, 0.05, 0.1] as const;
export const HOLDING_EDGES_HOURS = [1, 24, 24 * 7, 24 * 30, 24 * 91, 24 * 365] as const;

/** The trips bucketed by `valueOf` over ascending `edges`. */
export function histogram<T extends { pnl: number }>(
  items: readonly T[],
  edges: readonly number[],
  valueOf: (item: T) => number,
): HistogramBucket[] {
  const buckets = Array.from({ length: edges.length + 1 }, (_, i): HistogramBucket => ({
    from: i === 0 ? null : edges[i - 1]!,
    to: i === edges.length ? null : edges[i]!,
    count: 0,
    pnl: 0,
  }));
  for (const item of items) {
    const value = valueOf(item);
    let index = 0;
    while (index < edges.length && value >= edges[index]!) index++;
    buckets[index]!.count += 1;
    buckets[index]!.pnl += item.pnl;
  }
  return buckets;
}

export function returnDistribution(trips: readonly RoundTrip[]): HistogramBucket[] {
  return histogram(trips, RETURN_EDGES, (t) => t.return);
}

export function holdingDistribution(trips: readonly RoundTrip[]): HistogramBucket[] {
  return histogram(trips, HOLDING_EDGES_HOURS, (t) => (t.exitTime - t.entryTime) / HOUR_MS);
}
