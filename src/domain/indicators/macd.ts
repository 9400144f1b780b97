import { warmupSeries, type Series } from './series';
import { MacdStepper, type MacdOptions } from './steppers';

export type { MacdOptions } from './steppers';

export interface Macd {
  macd: Series;
  signal: Series;
  histogram: Series;
}

/**
 * MACD (Gerald Appel): `macd = EMA(fast) - EMA(slow)`, `signal = EMA(signal) of macd`,
 * `histogram = macd - signal`. Defaults 12 / 26 / 9. {@link MacdStepper} folded over `closes`.
 *
 * Warm-up with the default `'sma'` seed: `macd` from index `slow - 1`, `signal` and `histogram` from
 * `slow + signal - 2` (the signal is seeded with the mean of the first `signal` MACD values).
 * With `'first'` (Tulip's convention) both EMAs start from the first close, and all three outputs are
 * reported from index `slow - 1`, where the signal is seeded with the MACD value itself.
 */
export function macd(closes: ArrayLike<number>, options: MacdOptions = {}): Macd {
  const stepper = new MacdStepper(options);
  const n = closes.length;
  const line = warmupSeries(n, 0);
  const signal = warmupSeries(n, 0);
  const histogram = warmupSeries(n, 0);
  for (let i = 0; i < n; i++) {
    const value = stepper.push(closes[i]!);
    line[i] = value.macd;
    signal[i] = value.signal;
    histogram[i] = value.histogram;
  }
  return { macd: line, signal, histogram };
}
