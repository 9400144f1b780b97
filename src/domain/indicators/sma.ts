import { assertPeriod, warmupSeries, type Series } from './series';
import { SmaStepper } from './steppers';

/**
 * Simple moving average: mean of the last `period` values ({@link SmaStepper}'s rolling sum folded over `values`).
 * First defined value at index `period - 1`.
 */
export function sma(values: ArrayLike<number>, period: number): Series {
  assertPeriod(period);
  const n = values.length;
  const out = warmupSeries(n, 0);
  const stepper = new SmaStepper(period);
  for (let i = 0; i < n; i++) out[i] = stepper.push(values[i]!);
  return out;
}

/** Average traded volume over the last `period` bars (default 20); same conventions as {@link sma}. */
export function volumeSma(volumes: ArrayLike<number>, period = 20): Series {
  return sma(volumes, period);
}
