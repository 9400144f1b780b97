import { assertPeriod, warmupSeries, type Series } from './series';
import { RsiStepper } from './steppers';

/**
 * Relative Strength Index with Wilder's smoothing (J. Welles Wilder, 1978): {@link RsiStepper} folded over `closes`.
 *
 * Average gain and loss start as the simple means of the first `period` close-to-close changes, then
 * `avg = (avg * (period - 1) + current) / period`. RSI = 100 - 100 / (1 + avgGain / avgLoss).
 * First defined value at index `period` (it needs `period` changes). When there were no losses RSI is 100,
 * no gains 0, and neither (a flat series) 50.
 */
export function rsi(closes: ArrayLike<number>, period = 14): Series {
  assertPeriod(period);
  const n = closes.length;
  const out = warmupSeries(n, 0);
  const stepper = new RsiStepper(period);
  for (let i = 0; i < n; i++) out[i] = stepper.push(closes[i]!);
  return out;
}
