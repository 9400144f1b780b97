/**
 * The fan chart's data: the Monte Carlo fan (src/domain/simulation) on the coming trading days. Step 0 is the
 * current (or last) session, step t the t-th trading day after it (the NYSE calendar of src/domain/market), each
 * at 00:00 UTC of its date so the axis reads that date everywhere.
 */
import type { UTCTimestamp } from 'lightweight-charts';
import { currentOrLastSessionDay, nextTradingDay } from '../../domain/market/calendar';
import type { MonteCarloResult } from '../../domain/simulation/monteCarlo';

const DAY_SECONDS = 86_400;

/** Chart times of steps 0…horizon from `now` (epoch ms). */
export function tradingDayTimes(horizon: number, now: number): UTCTimestamp[] {
  const times: UTCTimestamp[] = [];
  let day = currentOrLastSessionDay(now);
  for (let step = 0; step <= horizon; step++) {
    times.push((day * DAY_SECONDS) as UTCTimestamp);
    day = nextTradingDay(day);
  }
  return times;
}

export interface FanData {
  outer: { time: UTCTimestamp; lower: number; upper: number }[];
  inner: { time: UTCTimestamp; lower: number; upper: number }[];
  median: { time: UTCTimestamp; value: number }[];
}

/** The 5–95 and 25–75 bands and the median (fan curves in FAN_PERCENTILES order: 5, 25, 50, 75, 95). */
export function fanData(result: Pick<MonteCarloResult, 'fan' | 'horizon'>, now: number): FanData {
  const [p5, p25, p50, p75, p95] = result.fan as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  const times = tradingDayTimes(result.horizon, now);
  return {
    outer: times.map((time, t) => ({ time, lower: p5[t]!, upper: p95[t]! })),
    inner: times.map((time, t) => ({ time, lower: p25[t]!, upper: p75[t]! })),
    median: times.map((time, t) => ({ time, value: p50[t]! })),
  };
}
