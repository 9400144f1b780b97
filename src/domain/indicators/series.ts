/**
 * Conventions shared by every indicator in this folder.
 *
 * - Inputs are `ArrayLike<number>` (a plain `number[]` or a `Float64Array`) of finite values, oldest first.
 * - Every output is a `Float64Array` with exactly the input's length, so index `i` of an output
 *   belongs to bar `i` of the input. Bars before an indicator has enough data (its warm-up) hold `NaN`;
 *   each function's comment gives the index of its first defined value.
 * - Every function is one pass over the input (O(n) time, O(1) extra state besides the outputs).
 */
export type Series = Float64Array;

/**
 * A fresh output series of `length` values whose first `warmup` values are `NaN`; the caller writes every
 * value from index `warmup` on (so only the warm-up is filled, which saves a pass over large outputs).
 */
export function warmupSeries(length: number, warmup: number): Series {
  const series = new Float64Array(length);
  series.fill(Number.NaN, 0, Math.min(Math.max(warmup, 0), length));
  return series;
}

/** The value at `index` (negative counts from the end), or `null` when absent or still in warm-up. */
export function valueAt(series: ArrayLike<number>, index: number): number | null {
  const i = index < 0 ? series.length + index : index;
  if (i < 0 || i >= series.length) return null;
  const value = series[i];
  return value === undefined || Number.isNaN(value) ? null : value;
}

/** The last defined value, or `null` when the series is empty or the last bar is still in warm-up. */
export function lastValue(series: ArrayLike<number>): number | null {
  return valueAt(series, -1);
}

export function assertPeriod(period: number, name = 'period'): void {
  if (!Number.isInteger(period) || period < 1)
    throw new RangeError(`${name} must be a positive integer, got ${period}`);
}
