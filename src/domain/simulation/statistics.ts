/**
 * Order statistics of a sample, for the Monte Carlo summary (./monteCarlo.ts).
 *
 * - {@link percentileOfSorted}: linear interpolation between the closest ranks (Hyndman & Fan type 7, the
 *   default of numpy, R and Excel's PERCENTILE.INC): for n sorted values x_0 ≤ … ≤ x_{n−1} and p in [0, 100],
 *   h = (n − 1) × p / 100, and the percentile is x_⌊h⌋ + (h − ⌊h⌋) × (x_⌈h⌉ − x_⌊h⌋). So p = 0 is the minimum,
 *   p = 100 the maximum, p = 50 the usual median.
 * - {@link lowerTailMean}: the mean of the ⌈n × share⌉ smallest values (at least one): the empirical expected
 *   shortfall's tail.
 * - {@link histogram}: `bins` equal-width bins from 0 to the largest value; a value v falls in bin
 *   min(⌊v / width⌋, bins − 1), so the largest value is in the last bin. All zeros: one bin of width 0.
 */

/** The p-th percentile (0–100) of values sorted ascending; NaN for none. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = ((n - 1) * p) / 100;
  const low = Math.floor(h);
  const high = Math.min(low + 1, n - 1);
  const lower = sorted[low]!;
  return lower + (h - low) * (sorted[high]! - lower);
}

/** The mean of the ⌈n × share⌉ smallest of values sorted ascending (at least one); NaN for none. */
export function lowerTailMean(sorted: ArrayLike<number>, share: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  // The small epsilon keeps 0.05 × 20 = 1.0000000000000002 from counting two values.
  const count = Math.max(1, Math.min(n, Math.ceil(n * share - 1e-9)));
  let sum = 0;
  for (let i = 0; i < count; i++) sum += sorted[i]!;
  return sum / count;
}

export interface Histogram {
  /** Bin i covers [i × width, (i + 1) × width), the last one closed. */
  width: number;
  counts: number[];
}

/** Equal-width bins of non-negative values from 0 to their maximum (see the header). */
export function histogram(values: ArrayLike<number>, bins: number): Histogram {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i]!);
  if (max === 0) return { width: 0, counts: [values.length] };
  const width = max / bins;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < values.length; i++) {
    const bin = Math.min(Math.floor(values[i]! / width), bins - 1);
    counts[bin] = counts[bin]! + 1;
  }
  return { width, counts };
}
