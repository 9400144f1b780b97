import { assertPeriod, warmupSeries, type Series } from './series';

/**
 * Relative Strength Index with Wilder's smoothing (J. Welles Wilder, 1978).
 *
 * Average gain and loss start as the simple means of the first `period` close-to-close changes, then
 * `avg = (avg * (period - 1) + current) / period`. RSI = 100 - 100 / (1 + avgGain / avgLoss).
 * First defined value at index `period` (it needs `period` changes). When there were no losses RSI is 100,
 * no gains 0, and neither (a flat series) 50.
 */
export function rsi(closes: ArrayLike<number>, period = 14): Series {
  assertPeriod(period);
  const n = closes.length;
  const out = warmupSeries(n, period);
  if (n <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  out[period] = rsiOf(gain, loss);
  const keep = period - 1;
  for (let i = period + 1; i < n; i++) {
    const change = closes[i]! - closes[i - 1]!;
    gain = (gain * keep + (change > 0 ? change : 0)) / period;
    loss = (loss * keep + (change < 0 ? -change : 0)) / period;
    out[i] = rsiOf(gain, loss);
  }
  return out;
}

function rsiOf(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}
