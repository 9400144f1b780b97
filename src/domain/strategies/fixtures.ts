import type { Candle } from '../market/candle';
import { randomWalk } from '../indicators/fixtures';

/** Test bars from closes: open = close, high = close + spread, low = close - spread, time = index. */
export function barsFromCloses(closes: readonly number[], spread = 1): Candle[] {
  return closes.map((close, time) => ({
    time,
    open: close,
    high: close + spread,
    low: close - spread,
    close,
    volume: 1000,
  }));
}

/** A reproducible random-walk history (not market data) as bars, for look-ahead and speed checks. */
export function walkBars(length: number, seed = 42): Candle[] {
  const walk = randomWalk(length, seed);
  return walk.close.map((close, time) => ({
    time,
    open: walk.open[time]!,
    high: walk.high[time]!,
    low: walk.low[time]!,
    close,
    volume: walk.volume[time]!,
  }));
}

/** Indices of the bars where a 0/1 signal array is 1. */
export function firedAt(signal: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < signal.length; i++) if (signal[i]) out.push(i);
  return out;
}
