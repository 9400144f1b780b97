/**
 * The deepest drawdown of a return series with its dates (issue 15 point 2; pure).
 *
 * Rules:
 * - The wealth index W starts at 1 the day before the first return and is W_t = W_{t−1} × (1 + r_t) (flow-neutral
 *   returns, ./returns.ts, so a withdrawal is not a drawdown). Drawdown_t = W_t / peak_t − 1 (≤ 0), as the backtest's
 *   `drawdownCurve` computes it.
 * - The max drawdown is the lowest drawdown; its trough is the first day at that depth, its start the last peak
 *   (the day of the highest W) before the trough, its recovery the first day after the trough back at or above that
 *   peak, null when not recovered by the last day. A peak at the base (before any return) is the `baseTime`.
 * - No drawdown (the index never falls below a peak): depth 0 and null dates.
 * - Calmar: CAGR / |depth| (`calmarRatio` of the backtest metrics), null without a drawdown.
 */
import { drawdownCurve } from '../backtest/metrics';

export interface DrawdownPeriod {
  /** ≤ 0: −0.25 = 25 % below the peak. */
  depth: number;
  /** The peak's time (epoch ms), the trough's, and the recovery's (null: not recovered). */
  start: number | null;
  trough: number | null;
  recovery: number | null;
}

/**
 * `returns[i]` is the return of the day at `times[i]`; `baseTime` is the day before the first return (the
 * history's first day).
 */
export function maxDrawdownPeriod(
  returns: ArrayLike<number>,
  times: ArrayLike<number>,
  baseTime: number,
): DrawdownPeriod {
  const wealth = new Float64Array(returns.length);
  let value = 1;
  for (let t = 0; t < returns.length; t++) wealth[t] = value *= 1 + returns[t]!;
  const drawdown = drawdownCurve(wealth, 1);
  let troughIndex = -1;
  let depth = 0;
  for (let t = 0; t < drawdown.length; t++) {
    if (drawdown[t]! < depth) {
      depth = drawdown[t]!;
      troughIndex = t;
    }
  }
  if (troughIndex < 0) return { depth: 0, start: null, trough: null, recovery: null };
  let peakIndex = -1;
  for (let t = troughIndex - 1; t >= 0; t--) {
    if (drawdown[t]! >= 0) {
      peakIndex = t;
      break;
    }
  }
  let recovery: number | null = null;
  for (let t = troughIndex + 1; t < drawdown.length; t++) {
    if (drawdown[t]! >= 0) {
      recovery = times[t]!;
      break;
    }
  }
  return { depth, start: peakIndex < 0 ? baseTime : times[peakIndex]!, trough: times[troughIndex]!, recovery };
}
