/**
 * Risk figures of daily returns (issue 15 point 2; pure). Returns are flow-neutral daily returns (./returns.ts).
 *
 * Rules:
 * - Annualisation over 252 trading days; volatility, Sharpe and Sortino are the backtest metrics' formulas
 *   (`annualisedVolatility`, `sharpeRatio`, `sortinoRatio` of ../backtest/metrics.ts: sample deviations, the annual
 *   risk-free rate rf per day rf / 252, default 0, a zero deviation giving null).
 * - Beta = cov(r_p, r_b) / var(r_b); correlation = cov(r_p, r_b) / (σ_p σ_b), sample (n − 1) covariance over the
 *   pairs of the same days; null with fewer than two pairs or a zero deviation.
 * - VaR and CVaR at 95 %, one day, as positive loss fractions (0.02 = a 2 % loss; negative when even the tail gains):
 *   - historical: k = ceil(5 % × n) worst returns; VaR = −(the k-th worst), CVaR = −mean(the k worst);
 *   - parametric (normal): VaR = −(μ − z σ), CVaR = −(μ − σ φ(z) / 5 %), z = 1.6448536…, φ the normal density,
 *     μ the mean and σ the sample deviation;
 *   null with fewer than two returns.
 */
import { annualisedVolatility, mean, sampleStdDev, sharpeRatio, sortinoRatio } from '../backtest/metrics';
import { TRADING_DAYS_PER_YEAR } from '../market/model';

/** One-sided 95 % quantile of the standard normal. */
export const Z_95 = 1.6448536269514722;
const TAIL = 0.05;

/** Annualised volatility of daily returns. */
export function volatility(returns: ArrayLike<number>): number {
  return annualisedVolatility(returns, TRADING_DAYS_PER_YEAR);
}

/** Annualised Sharpe ratio of daily returns with an annual risk-free rate (default 0). */
export function sharpe(returns: ArrayLike<number>, riskFreeRate = 0): number | null {
  return sharpeRatio(returns, riskFreeRate, TRADING_DAYS_PER_YEAR);
}

/** Annualised Sortino ratio of daily returns with an annual risk-free rate (default 0). */
export function sortino(returns: ArrayLike<number>, riskFreeRate = 0): number | null {
  return sortinoRatio(returns, riskFreeRate, TRADING_DAYS_PER_YEAR);
}

export interface BenchmarkFit {
  beta: number | null;
  correlation: number | null;
}

/** Beta and correlation of `returns` against `benchmark` (the same days, pairwise; the shorter length counts). */
export function benchmarkFit(returns: ArrayLike<number>, benchmark: ArrayLike<number>): BenchmarkFit {
  const n = Math.min(returns.length, benchmark.length);
  if (n < 2) return { beta: null, correlation: null };
  let sumP = 0;
  let sumB = 0;
  for (let i = 0; i < n; i++) {
    sumP += returns[i]!;
    sumB += benchmark[i]!;
  }
  const mp = sumP / n;
  const mb = sumB / n;
  let cov = 0;
  let varP = 0;
  let varB = 0;
  for (let i = 0; i < n; i++) {
    const dp = returns[i]! - mp;
    const db = benchmark[i]! - mb;
    cov += dp * db;
    varP += dp * dp;
    varB += db * db;
  }
  return {
    beta: varB > 0 ? cov / varB : null,
    correlation: varB > 0 && varP > 0 ? cov / Math.sqrt(varP * varB) : null,
  };
}

export interface ValueAtRisk {
  var95: number | null;
  cvar95: number | null;
}

/** Historical 95 % VaR and CVaR (see the rules). */
export function historicalVaR(returns: ArrayLike<number>): ValueAtRisk {
  const n = returns.length;
  if (n < 2) return { var95: null, cvar95: null };
  const sorted = Array.from(returns).sort((a, b) => a - b);
  const k = Math.ceil(TAIL * n);
  const tail = sorted.slice(0, k);
  return { var95: -sorted[k - 1]!, cvar95: -mean(tail) };
}

/** Parametric (normal) 95 % VaR and CVaR (see the rules). */
export function parametricVaR(returns: ArrayLike<number>): ValueAtRisk {
  if (returns.length < 2) return { var95: null, cvar95: null };
  const mu = mean(returns);
  const sigma = sampleStdDev(returns);
  const density = Math.exp((-Z_95 * Z_95) / 2) / Math.sqrt(2 * Math.PI);
  return { var95: -(mu - Z_95 * sigma), cvar95: -(mu - (sigma * density) / TAIL) };
}
