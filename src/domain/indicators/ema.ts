import { assertPeriod, warmupSeries, type Series } from './series';
import { EmaStepper, type EmaSeed } from './steppers';

export type { EmaSeed } from './steppers';

export interface EmaOptions {
  /**
   * How the average gets its first value: `'sma'` (default), the simple average of the first `period` inputs at
   * index `period - 1` (StockCharts, TA-Lib, the `technicalindicators` package); `'first'`, the first input itself
   * at index 0 (Tulip Indicators, pandas `ewm(adjust=False)`, Appel's original MACD worksheets). Both then apply
   * `ema = alpha * x + (1 - alpha) * ema` with `alpha = 2 / (period + 1)`.
   */
  seed?: EmaSeed;
  /** Overrides the smoothing factor `2 / (period + 1)` (e.g. the rounded 0.15 / 0.075 some MACD sources use). */
  alpha?: number;
}

/**
 * Exponential moving average: {@link EmaStepper} folded over `values`. With the default `'sma'` seed the first
 * defined value is at index `period - 1`; with `'first'` it is at index 0.
 */
export function ema(values: ArrayLike<number>, period: number, options: EmaOptions = {}): Series {
  assertPeriod(period);
  const n = values.length;
  const out = warmupSeries(n, 0);
  const stepper = new EmaStepper(period, options.alpha, options.seed);
  for (let i = 0; i < n; i++) out[i] = stepper.push(values[i]!);
  return out;
}
