/**
 * The risk figures of a daily equity history over a window, against a benchmark (issue 15 point 3; pure).
 *
 * Rules:
 * - The window's points are the history's from `fromDay` on; its returns are the flow-neutral daily returns
 *   (./returns.ts). With fewer than MIN_RISK_RETURNS returns every figure is null and `reason` says why: nothing is
 *   estimated from too little history.
 * - Volatility, Sharpe, Sortino, VaR/CVaR (historical and parametric, 95 %, one day): ./risk.ts; max drawdown with
 *   its dates: ./drawdown.ts; CAGR over the window's returns (./returns.ts) and Calmar = CAGR / |max drawdown|.
 * - Beta and correlation: against the benchmark's daily close-to-close returns on the same days (a portfolio day
 *   counts when the benchmark has a close that day and on the portfolio's previous day); null with fewer than
 *   MIN_RISK_RETURNS such pairs.
 */
import { calmarRatio } from '../backtest/metrics';
import { maxDrawdownPeriod, type DrawdownPeriod } from './drawdown';
import type { DayPoint } from './periods';
import { annualisedReturn, chainReturns, dailyReturns } from './returns';
import { benchmarkFit, historicalVaR, parametricVaR, sharpe, sortino, volatility, type ValueAtRisk } from './risk';

/** Fewest daily returns a risk figure is computed from (about a month of trading days). */
export const MIN_RISK_RETURNS = 20;

export interface RiskMetrics {
  /** Daily returns in the window. */
  observations: number;
  volatility: number | null;
  sharpe: number | null;
  sortino: number | null;
  cagr: number | null;
  maxDrawdown: DrawdownPeriod | null;
  calmar: number | null;
  beta: number | null;
  correlation: number | null;
  historical: ValueAtRisk;
  parametric: ValueAtRisk;
  /** Why the figures (or beta and correlation alone) are null; null when all could be computed. */
  reason: string | null;
}

const NO_VAR: ValueAtRisk = { var95: null, cvar95: null };

/** The benchmark's return for each portfolio return (NaN where a close is missing). */
export function alignedBenchmarkReturns(points: readonly DayPoint[], closes: ReadonlyMap<number, number>): number[] {
  const out: number[] = [];
  for (let t = 1; t < points.length; t++) {
    const before = closes.get(points[t - 1]!.day);
    const today = closes.get(points[t]!.day);
    out.push(before && today !== undefined ? today / before - 1 : NaN);
  }
  return out;
}

export function riskMetrics(
  history: readonly DayPoint[],
  fromDay: number,
  benchmarkCloses: ReadonlyMap<number, number>,
  riskFreeRate = 0,
): RiskMetrics {
  const points = history.filter((p) => p.day >= fromDay);
  const returns = dailyReturns(points);
  if (returns.length < MIN_RISK_RETURNS) {
    return {
      observations: returns.length,
      volatility: null,
      sharpe: null,
      sortino: null,
      cagr: null,
      maxDrawdown: null,
      calmar: null,
      beta: null,
      correlation: null,
      historical: NO_VAR,
      parametric: NO_VAR,
      reason: `${returns.length} daily returns in the window; at least ${MIN_RISK_RETURNS} are needed`,
    };
  }
  const times = points.slice(1).map((p) => p.time);
  const drawdown = maxDrawdownPeriod(returns, times, points[0]!.time);
  const cagr = annualisedReturn(chainReturns(returns), returns.length);
  const bench = alignedBenchmarkReturns(points, benchmarkCloses);
  const mine: number[] = [];
  const theirs: number[] = [];
  bench.forEach((b, i) => {
    if (Number.isFinite(b)) {
      mine.push(returns[i]!);
      theirs.push(b);
    }
  });
  const fit = mine.length >= MIN_RISK_RETURNS ? benchmarkFit(mine, theirs) : { beta: null, correlation: null };
  return {
    observations: returns.length,
    volatility: volatility(returns),
    sharpe: sharpe(returns, riskFreeRate),
    sortino: sortino(returns, riskFreeRate),
    cagr,
    maxDrawdown: drawdown,
    calmar: calmarRatio(cagr, drawdown.depth),
    beta: fit.beta,
    correlation: fit.correlation,
    historical: historicalVaR(returns),
    parametric: parametricVaR(returns),
    reason:
      mine.length < MIN_RISK_RETURNS
        ? `${mine.length} days with a benchmark close; beta and correlation need ${MIN_RISK_RETURNS}`
        : null,
  };
}
