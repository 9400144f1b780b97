import { assertPeriod, nanSeries, type Series } from './series';

/** Wilder's true range of bar `i`: the largest of high - low, |high - previous close|, |low - previous close|. */
export function trueRangeAt(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, i: number) {
  const h = high[i]!;
  const l = low[i]!;
  if (i === 0) return h - l;
  const c = close[i - 1]!;
  const hl = h - l;
  const hc = h > c ? h - c : c - h;
  const lc = l > c ? l - c : c - l;
  return hl >= hc ? (hl >= lc ? hl : lc) : hc >= lc ? hc : lc;
}

/**
 * Average True Range with Wilder's smoothing. The first bar's true range is its high - low (no previous
 * close); the first ATR, at index `period - 1`, is the mean of the first `period` true ranges; then
 * `atr = (atr * (period - 1) + tr) / period` (Wilder 1978, StockCharts, Tulip Indicators).
 * `technicalindicators` instead skips bar 0 and starts one bar later; the two converge geometrically.
 */
export function atr(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, period = 14): Series {
  assertPeriod(period);
  const n = Math.min(high.length, low.length, close.length);
  const out = nanSeries(close.length);
  if (n < period) return out;
  let sum = 0;
  for (let i = 0; i < period; i++) sum += trueRangeAt(high, low, close, i);
  let value = sum / period;
  out[period - 1] = value;
  const keep = period - 1;
  for (let i = period; i < n; i++) {
    value = (value * keep + trueRangeAt(high, low, close, i)) / period;
    out[i] = value;
  }
  return out;
}
