import { assertPeriod, warmupSeries, type Series } from './series';

/** Wilder's true range: the largest of high - low, |high - previous close| and |low - previous close|. */
export function trueRange(high: number, low: number, previousClose: number): number {
  const hl = high - low;
  const hc = high > previousClose ? high - previousClose : previousClose - high;
  const lc = low > previousClose ? low - previousClose : previousClose - low;
  return hl >= hc ? (hl >= lc ? hl : lc) : hc >= lc ? hc : lc;
}

export function assertSameLength(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>): void {
  if (high.length !== close.length || low.length !== close.length) {
    throw new RangeError('high, low and close must have the same length');
  }
}

/**
 * Average True Range with Wilder's smoothing. The first bar's true range is its high - low (there is no
 * previous close); the first ATR, at index `period - 1`, is the mean of the first `period` true ranges;
 * then `atr = (atr * (period - 1) + tr) / period` (Wilder 1978, StockCharts, Tulip Indicators).
 * `technicalindicators` instead skips bar 0 and starts one bar later; the two converge geometrically.
 */
export function atr(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 14): Series {
  assertPeriod(period);
  assertSameLength(high, low, close);
  const n = close.length;
  const out = warmupSeries(n, period - 1);
  if (n < period) return out;
  let sum = high[0]! - low[0]!;
  let previousClose = close[0]!;
  for (let i = 1; i < period; i++) {
    sum += trueRange(high[i]!, low[i]!, previousClose);
    previousClose = close[i]!;
  }
  let value = sum / period;
  out[period - 1] = value;
  const keep = period - 1;
  for (let i = period; i < n; i++) {
    value = (value * keep + trueRange(high[i]!, low[i]!, previousClose)) / period;
    previousClose = close[i]!;
    out[i] = value;
  }
  return out;
}
