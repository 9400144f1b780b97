import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../market/calendar';
import { maxDrawdownPeriod } from './drawdown';
import { benchmarkFit, historicalVaR, parametricVaR, sharpe, sortino, volatility } from './risk';

const day = (i: number) => Date.UTC(2025, 0, 6) + i * DAY_MS;

describe('max drawdown with its dates', () => {
  it('finds the peak, the trough and the recovery', () => {
    // Wealth 1 → 1.1 (peak, day 1) → 0.55 (trough, day 2) → 0.66 → 0.99 → 1.188 (recovered, day 5) → 1.0692.
    const returns = [0.1, -0.5, 0.2, 0.5, 0.2, -0.1];
    const period = maxDrawdownPeriod(
      returns,
      returns.map((_, i) => day(i + 1)),
      day(0),
    );
    expect(period.depth).toBeCloseTo(-0.5, 12);
    expect(period).toMatchObject({ start: day(1), trough: day(2), recovery: day(5) });
  });

  it('has a null recovery when not recovered, and a peak at the base day', () => {
    const period = maxDrawdownPeriod([-0.1, -0.1, 0.05], [day(1), day(2), day(3)], day(0));
    expect(period.depth).toBeCloseTo(-0.19, 12);
    expect(period).toMatchObject({ start: day(0), trough: day(2), recovery: null });
  });

  it('has no dates without a drawdown', () => {
    expect(maxDrawdownPeriod([0.01, 0.02], [day(1), day(2)], day(0))).toEqual({
      depth: 0,
      start: null,
      trough: null,
      recovery: null,
    });
  });
});

describe('volatility, Sharpe and Sortino of daily returns', () => {
  const returns = [0.01, -0.01, 0.01, -0.01];
  const sd = Math.sqrt(0.0004 / 3);

  it('annualises over 252 days', () => {
    expect(volatility(returns)).toBeCloseTo(sd * Math.sqrt(252), 12);
  });

  it('takes the risk-free rate per day', () => {
    expect(sharpe(returns)).toBe(0);
    expect(sharpe(returns, 0.252)).toBeCloseTo((-0.001 / sd) * Math.sqrt(252), 10);
    expect(sortino([0.02, 0.02])).toBeNull();
    expect(sharpe([0.01, 0.01])).toBeNull();
  });

  it('uses the downside deviation for Sortino', () => {
    // Downside: sqrt((0.01² + 0.01²) / 3).
    expect(sortino(returns)).toBe(0);
    expect(sortino([0.03, -0.01, 0.03, -0.01])).toBeCloseTo((0.01 / Math.sqrt(0.0002 / 3)) * Math.sqrt(252), 10);
  });
});

describe('beta and correlation against a benchmark', () => {
  const benchmark = [0.01, -0.02, 0.03, 0];

  it('is 2 and 1 for twice the benchmark, with or without a constant', () => {
    const fit = benchmarkFit(
      benchmark.map((b) => 2 * b + 0.001),
      benchmark,
    );
    expect(fit.beta).toBeCloseTo(2, 12);
    expect(fit.correlation).toBeCloseTo(1, 12);
  });

  it('is −1 and −1 for the opposite series', () => {
    const fit = benchmarkFit(
      benchmark.map((b) => -b),
      benchmark,
    );
    expect(fit.beta).toBeCloseTo(-1, 12);
    expect(fit.correlation).toBeCloseTo(-1, 12);
  });

  it('is 0 for an orthogonal series and null for a flat benchmark', () => {
    const fit = benchmarkFit([0.01, 0.01, -0.01, -0.01], [0.01, -0.01, 0.01, -0.01]);
    expect(fit.beta).toBeCloseTo(0, 12);
    expect(fit.correlation).toBeCloseTo(0, 12);
    expect(benchmarkFit([0.01, 0.02], [0.01, 0.01])).toEqual({ beta: null, correlation: null });
    expect(benchmarkFit([0.01], [0.01])).toEqual({ beta: null, correlation: null });
  });
});

describe('95 % VaR and CVaR', () => {
  it('historical: the k = ceil(5 % × n) worst days', () => {
    // 40 days: k = 2, the worst two are −4 % and −2 %.
    const returns = [0.01, -0.04, ...Array<number>(36).fill(0.01), -0.02, 0.005];
    const risk = historicalVaR(returns);
    expect(risk.var95).toBeCloseTo(0.02, 12);
    expect(risk.cvar95).toBeCloseTo(0.03, 12);
  });

  it('parametric: μ − 1.645 σ and the normal tail mean', () => {
    const risk = parametricVaR([0.01, -0.01, 0.01, -0.01]);
    expect(risk.var95).toBeCloseTo(0.018993133685959295, 12);
    expect(risk.cvar95).toBeCloseTo(0.023818155893506044, 12);
  });

  it('is null with fewer than two returns', () => {
    expect(historicalVaR([0.01])).toEqual({ var95: null, cvar95: null });
    expect(parametricVaR([])).toEqual({ var95: null, cvar95: null });
  });
});
