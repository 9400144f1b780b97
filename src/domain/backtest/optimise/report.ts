/**
 * The figures of a walk-forward optimisation's report (pure): metrics averaged over windows, and the out-of-sample
 * windows chained into one equity curve.
 *
 * Rules:
 * - {@link meanMetrics}: each metric's mean over the windows; a ratio that is null in a window (no volatility, no
 *   losing trade) is left out of its mean, and is null when it is null in every window.
 * - {@link chainCurves}: the out-of-sample windows in time order, each window's curve (which starts from the
 *   capital) scaled by the chained equity at the end of the window before, so the chain compounds: it is what
 *   trading each window's chosen parameters in turn would have made. Its metrics are the backtest metrics of that
 *   curve, with all the windows' trades and bars in the market.
 */
import { computeMetrics, type BacktestMetrics } from '../metrics';
import type { EvaluatedCurve, Evaluator } from './evaluator';
import type { BarRange } from '../walkForward';

export type MetricsSummary = { [K in keyof BacktestMetrics]: number | null };

export function meanMetrics(list: readonly BacktestMetrics[]): MetricsSummary | null {
  if (list.length === 0) return null;
  const out: Record<string, number | null> = {};
  for (const key of Object.keys(list[0]!) as (keyof BacktestMetrics)[]) {
    const values = list.map((m) => m[key]).filter((v): v is number => v !== null);
    out[key] = values.length > 0 ? values.reduce((sum, v) => sum + v, 0) / values.length : null;
  }
  return out as MetricsSummary;
}

export interface ChainedCurve {
  /** Dollars at each out-of-sample bar's close. */
  equity: Float64Array;
  /** The bars' times. */
  times: Float64Array;
  metrics: BacktestMetrics;
}

export function chainCurves(
  evaluator: Pick<Evaluator, 'capital' | 'barsPerYear' | 'times' | 'riskFreeRate'>,
  windows: readonly { range: BarRange; curve: EvaluatedCurve }[],
): ChainedCurve {
  const length = windows.reduce((sum, w) => sum + w.curve.equity.length, 0);
  const equity = new Float64Array(length);
  const times = new Float64Array(length);
  const trades = [];
  let barsInMarket = 0;
  let at = 0;
  let running = evaluator.capital;
  for (const { range, curve } of windows) {
    const factor = running / evaluator.capital;
    for (let i = 0; i < curve.equity.length; i++) {
      equity[at] = curve.equity[i]! * factor;
      times[at] = evaluator.times[range.start + i]!;
      at++;
    }
    if (curve.equity.length > 0) running = equity[at - 1]!;
    trades.push(...curve.trades);
    barsInMarket += curve.barsInMarket;
  }
  const metrics = computeMetrics({
    equity,
    times,
    initialCapital: evaluator.capital,
    trades,
    barsInMarket,
    barsPerYear: evaluator.barsPerYear,
    riskFreeRate: evaluator.riskFreeRate,
  });
  return { equity, times, metrics };
}
