import { emaInto, type EmaSeed } from './ema';
import { assertPeriod, warmupSeries, type Series } from './series';

export interface MacdOptions {
  fast?: number;
  slow?: number;
  signal?: number;
  /** EMA seeding, see {@link EmaSeed}; default `'sma'`. */
  seed?: EmaSeed;
  /** Override the fast / slow smoothing factors (Tulip uses 0.15 / 0.075 for 12 / 26); default 2 / (n + 1). */
  fastAlpha?: number;
  slowAlpha?: number;
}

export interface Macd {
  macd: Series;
  signal: Series;
  histogram: Series;
}

/**
 * MACD (Gerald Appel): `macd = EMA(fast) - EMA(slow)`, `signal = EMA(signal) of macd`,
 * `histogram = macd - signal`. Defaults 12 / 26 / 9.
 *
 * Warm-up with the default `'sma'` seed: `macd` from index `slow - 1`, `signal` and `histogram` from
 * `slow + signal - 2` (the signal is seeded with the mean of the first `signal` MACD values).
 * With `'first'` (Tulip's convention) both EMAs start from the first close, and all three outputs are
 * reported from index `slow - 1`, where the signal is seeded with the MACD value itself.
 */
export function macd(closes: ArrayLike<number>, options: MacdOptions = {}): Macd {
  const fast = options.fast ?? 12;
  const slow = options.slow ?? 26;
  const signalPeriod = options.signal ?? 9;
  const seed = options.seed ?? 'sma';
  assertPeriod(fast, 'fast');
  assertPeriod(slow, 'slow');
  assertPeriod(signalPeriod, 'signal');
  if (fast > slow) throw new RangeError('fast period must not exceed slow period');
  const n = closes.length;
  const fastAlpha = options.fastAlpha ?? 2 / (fast + 1);
  const slowAlpha = options.slowAlpha ?? 2 / (slow + 1);

  // Both EMAs in one pass; the MACD line is reported from the slow EMA's warm-up on.
  const start = slow - 1;
  const line = warmupSeries(n, start);
  if (n > start) {
    let fastEma = 0;
    let slowEma = 0;
    if (seed === 'first') {
      fastEma = closes[0]!;
      slowEma = fastEma;
      for (let i = 1; i <= start; i++) {
        const x = closes[i]!;
        fastEma += fastAlpha * (x - fastEma);
        slowEma += slowAlpha * (x - slowEma);
      }
    } else {
      let fastSum = 0;
      let slowSum = 0;
      // fast <= slow, so the fast EMA's seed (index fast - 1) lies inside this loop.
      for (let i = 0; i <= start; i++) {
        const x = closes[i]!;
        slowSum += x;
        if (i < fast) {
          fastSum += x;
          if (i === fast - 1) fastEma = fastSum / fast;
        } else fastEma += fastAlpha * (x - fastEma);
      }
      slowEma = slowSum / slow;
    }
    line[start] = fastEma - slowEma;
    const fastKeep = 1 - fastAlpha;
    const slowKeep = 1 - slowAlpha;
    for (let i = start + 1; i < n; i++) {
      const x = closes[i]!;
      fastEma = fastAlpha * x + fastKeep * fastEma;
      slowEma = slowAlpha * x + slowKeep * slowEma;
      line[i] = fastEma - slowEma;
    }
  }

  const signal = warmupSeries(n, seed === 'first' ? start : start + signalPeriod - 1);
  emaInto(line, signal, start, signalPeriod, 2 / (signalPeriod + 1), seed);
  const histogram = warmupSeries(n, start);
  for (let i = start; i < n; i++) histogram[i] = line[i]! - signal[i]!;
  return { macd: line, signal, histogram };
}
