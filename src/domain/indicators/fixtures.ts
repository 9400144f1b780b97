import { mulberry32 } from '../market/prng';

export interface OhlcSeries {
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

/**
 * Largest |actual[offset + k] - expected[k]| over the expected values (`null` entries are skipped), or
 * `Infinity` when a compared actual value is missing or NaN. Tests use it to compare against published
 * vectors that start after an indicator's warm-up.
 */
export function maxAbsDiff(actual: ArrayLike<number>, expected: readonly (number | null)[], offset = 0): number {
  let worst = 0;
  for (let k = 0; k < expected.length; k++) {
    const want = expected[k];
    if (want === null || want === undefined) continue;
    const got = actual[offset + k];
    if (got === undefined || Number.isNaN(got)) return Number.POSITIVE_INFINITY;
    worst = Math.max(worst, Math.abs(got - want));
  }
  return worst;
}

/** Index of the first non-NaN value, or -1. */
export function firstDefined(series: ArrayLike<number>): number {
  for (let i = 0; i < series.length; i++) if (!Number.isNaN(series[i])) return i;
  return -1;
}

/**
 * A reproducible random-walk OHLCV series for tests and benchmarks (not market data): log-normal
 * close-to-close steps of `dailyVol`, opens near the previous close, highs/lows that enclose open and close.
 */
export function randomWalk(length: number, seed = 42, start = 100, dailyVol = 0.02): OhlcSeries {
  const rng = mulberry32(seed);
  const series: OhlcSeries = { open: [], high: [], low: [], close: [], volume: [] };
  let previous = start;
  for (let i = 0; i < length; i++) {
    const open = previous * Math.exp(0.2 * dailyVol * rng.normal());
    const close = open * Math.exp(dailyVol * rng.normal());
    const high = Math.max(open, close) * (1 + 0.5 * dailyVol * rng.next());
    const low = Math.min(open, close) * (1 - 0.5 * dailyVol * rng.next());
    series.open.push(open);
    series.high.push(high);
    series.low.push(low);
    series.close.push(close);
    series.volume.push(Math.round(1_000_000 * Math.exp(0.3 * rng.normal())));
    previous = close;
  }
  return series;
}
