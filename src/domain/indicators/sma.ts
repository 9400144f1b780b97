import { assertPeriod, warmupSeries, type Series } from './series';

/**
 * Simple moving average: mean of the last `period` values.
 * First defined value at index `period - 1`. Rolling sum, one pass.
 */
export function sma(values: ArrayLike<number>, period: number): Series {
  assertPeriod(period);
  const n = values.length;
  const out = warmupSeries(n, period - 1);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/** Average traded volume over the last `period` bars (default 20); same conventions as {@link sma}. */
export function volumeSma(volumes: ArrayLike<number>, period = 20): Series {
  return sma(volumes, period);
}
