import { assertPeriod, warmupSeries, type Series } from './series';

/**
 * How an exponential average gets its first value.
 * - `'sma'` (default): the first value, at index `start + period - 1`, is the simple average of the first
 *   `period` inputs (StockCharts, TA-Lib, the `technicalindicators` package).
 * - `'first'`: the first input itself is the first value, at index `start` (Tulip Indicators, pandas
 *   `ewm(adjust=False)`, Appel's original MACD worksheets).
 * Both then apply `ema = alpha * x + (1 - alpha) * ema` with `alpha = 2 / (period + 1)`.
 */
export type EmaSeed = 'sma' | 'first';

export interface EmaOptions {
  seed?: EmaSeed;
  /** Overrides the smoothing factor `2 / (period + 1)` (e.g. the rounded 0.15 / 0.075 some MACD sources use). */
  alpha?: number;
}

/**
 * Exponential moving average. With the default `'sma'` seed the first defined value is at index `period - 1`;
 * with `'first'` it is at index 0.
 */
export function ema(values: ArrayLike<number>, period: number, options: EmaOptions = {}): Series {
  assertPeriod(period);
  const seed = options.seed ?? 'sma';
  const out = warmupSeries(values.length, seed === 'first' ? 0 : period - 1);
  emaInto(values, out, 0, period, options.alpha ?? 2 / (period + 1), seed);
  return out;
}

/**
 * Writes the EMA of `values[start..]` into `out` (indices before the first defined value are left as they are).
 * Shared by {@link ema} and MACD's signal line, whose input only becomes defined at `start`.
 */
export function emaInto(
  values: ArrayLike<number>,
  out: Series,
  start: number,
  period: number,
  alpha: number,
  seed: EmaSeed,
): void {
  const n = values.length;
  let i = start;
  let prev: number;
  if (seed === 'first') {
    if (i >= n) return;
    prev = values[i]!;
    out[i] = prev;
    i++;
  } else {
    const seedEnd = start + period - 1;
    if (seedEnd >= n) return;
    let sum = 0;
    for (; i <= seedEnd; i++) sum += values[i]!;
    prev = sum / period;
    out[seedEnd] = prev;
  }
  // alpha * x does not depend on the previous value, so the loop-carried chain is one multiply and one add.
  const keep = 1 - alpha;
  for (; i < n; i++) {
    prev = alpha * values[i]! + keep * prev;
    out[i] = prev;
  }
}
