import { easternDayNumber, easternTime, MINUTE_MS, sessionOpenOf } from './calendar';

/**
 * One OHLCV bar: open, high, low and close in dollars, volume in shares, from `time` on. The unit of `time` is
 * its user's: epoch milliseconds in the market model ({@link Candle}), epoch seconds in the API's `candles`
 * and the chart that draws them (the server divides by 1000 on the way out).
 */
export interface Ohlcv {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * One OHLCV bar of the market model. `time` is the start of the bar's bucket in epoch milliseconds (UTC): for
 * intraday bars the bucket start counted from that day's 09:30 ET open, for daily bars 00:00 America/New_York
 * of the session's date. Prices are dollars rounded to cents; volume is a whole number of shares.
 */
export type Candle = Ohlcv;

export const INTERVALS = ['1m', '5m', '15m', '1h', '1D'] as const;
export type Interval = (typeof INTERVALS)[number];
export type IntradayInterval = Exclude<Interval, '1D'>;

export const INTERVAL_MINUTES: Readonly<Record<IntradayInterval, number>> = { '1m': 1, '5m': 5, '15m': 15, '1h': 60 };

const ALIASES: Readonly<Record<string, Interval>> = {
  '1m': '1m',
  '1min': '1m',
  '5m': '5m',
  '5min': '5m',
  '15m': '15m',
  '15min': '15m',
  '1h': '1h',
  '60m': '1h',
  '1d': '1D',
  d: '1D',
  '1day': '1D',
  day: '1D',
};

/** Reads an interval name case-insensitively ('1m', '5m', '15m', '1h' / '60m', '1D' / '1d' / 'day'); `null` if unknown. */
export function parseInterval(text: string): Interval | null {
  return ALIASES[text.trim().toLowerCase()] ?? null;
}

/**
 * Start of the `interval` bucket containing instant `t`. Intraday buckets are aligned to 09:30 ET of t's
 * Eastern date (so hourly bars are 9:30–10:30, …, 15:30–16:00); the daily bucket is 00:00 ET of that date.
 * No intraday bucket starts before that midnight (only reachable off-hours, in the always-open demo mode),
 * so every intraday bar lies within one daily bar.
 */
export function bucketStart(t: number, interval: Interval): number {
  const day = easternDayNumber(t);
  const midnight = easternTime(day, 0);
  if (interval === '1D') return midnight;
  const size = INTERVAL_MINUTES[interval] * MINUTE_MS;
  const open = sessionOpenOf(day);
  return Math.max(midnight, open + Math.floor((t - open) / size) * size);
}

/**
 * Aggregates ascending bars into `interval` buckets: time = bucket start, open = first open, high = max,
 * low = min, close = last close, volume = sum. Returns new objects; the input is not modified.
 */
export function aggregateCandles(candles: readonly Candle[], interval: Interval): Candle[] {
  const out: Candle[] = [];
  let current: Candle | undefined;
  for (const bar of candles) {
    const start = bucketStart(bar.time, interval);
    if (current && current.time === start) {
      if (bar.high > current.high) current.high = bar.high;
      if (bar.low < current.low) current.low = bar.low;
      current.close = bar.close;
      current.volume += bar.volume;
    } else {
      current = { time: start, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume };
      out.push(current);
    }
  }
  return out;
}
