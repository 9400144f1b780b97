import { describe, expect, it } from 'vitest';
import {
  barsPerYear,
  computeMetrics,
  downsideDeviation,
  drawdownCurve,
  exposure,
  maxDrawdown,
  mean,
  periodReturns,
  sampleStdDev,
  tradeStats,
} from './metrics';

const close = (actual: number | null, expected: number) => expect(actual).toBeCloseTo(expected, 9);

describe('barsPerYear', () => {
  it('is 252 sessions times the bars of a 390-minute session', () => {
    expect(barsPerYear('1D')).toBe(252);
    expect(barsPerYear('1h')).toBe(252 * 7); // 6.5 hours → 7 bars, the last one 15:30–16:00
    expect(barsPerYear('15m')).toBe(252 * 26);
    expect(barsPerYear('5m')).toBe(252 * 78);
    expect(barsPerYear('1m')).toBe(252 * 390);
  });
});

// The hand-computed case: capital 100, equity at the closes 110, 99, 99, 108.9, bar times 0, 1, 2, 3 s.
const equity = [110, 99, 99, 108.9];
const times = [0, 1000, 2000, 3000];

describe('return statistics', () => {
  it('computes one return per bar, the first against the initial capital', () => {
    // 110/100 − 1 = 0.1; 99/110 − 1 = −0.1; 99/99 − 1 = 0; 108.9/99 − 1 = 0.1
    const r = periodReturns(equity, 100);
    expect(Array.from(r).map((x) => Number(x.toFixed(12)))).toEqual([0.1, -0.1, 0, 0.1]);
  });

  it('takes the mean, the sample standard deviation and the downside deviation', () => {
    const r = [0.1, -0.1, 0, 0.1];
    close(mean(r), 0.025); // 0.1 / 4
    // deviations 0.075, −0.125, −0.025, 0.075; squares sum 0.005625 + 0.015625 + 0.000625 + 0.005625 = 0.0275
    close(sampleStdDev(r), Math.sqrt(0.0275 / 3)); // 0.0957427…
    // below 0: only −0.1 → 0.01 / (4 − 1)
    close(downsideDeviation(r, 0), Math.sqrt(0.01 / 3)); // 0.0577350…
    // below 0.01: −0.11 and −0.01 → (0.0121 + 0.0001) / 3
    close(downsideDeviation(r, 0.01), Math.sqrt(0.0122 / 3));
    expect(sampleStdDev([0.5])).toBe(0);
    expect(mean([])).toBe(0);
  });
});

describe('drawdowns', () => {
  it('measures each bar against the running peak, the initial capital included', () => {
    // peaks 110, 110, 110, 110 → 0, 99/110 − 1 = −0.1, −0.1, 108.9/110 − 1 = −0.01
    const dd = Array.from(drawdownCurve(equity, 100)).map((x) => Number(x.toFixed(12)));
    expect(dd).toEqual([0, -0.1, -0.1, -0.01]);
    // A curve starting below the capital is under water from the first bar.
    expect(Array.from(drawdownCurve([75, 100], 100))).toEqual([-0.25, 0]);
  });

  it('finds the deepest drawdown and the longest stretch under water (peak to recovery)', () => {
    // equity 100, 110, 99, 105, 121, 100 from capital 100 at t = 0, 10, …, 50
    // peaks 100, 110, 110, 110, 121, 121; dd 0, 0, −0.1, −0.0454…, 0, 100/121 − 1 = −0.1735…
    // stretches: peak bar 1 → recovery bar 4 = 3 bars (30 ms); peak bar 4 → last bar 5 unrecovered = 1 bar
    const curve = [100, 110, 99, 105, 121, 100];
    const result = maxDrawdown(
      drawdownCurve(curve, 100),
      curve.map((_, i) => i * 10),
    );
    close(result.depth, 100 / 121 - 1);
    expect(result.durationBars).toBe(3);
    expect(result.durationMs).toBe(30);
  });

  it('counts a drawdown from the initial capital from before the first bar, and none for a rising curve', () => {
    // under water from capital (bar −1) through the last bar 2: 3 bars; time from the first bar's time to the last
    expect(maxDrawdown(drawdownCurve([75, 95, 99], 100), [0, 5, 9])).toEqual({
      depth: -0.25,
      durationBars: 3,
      durationMs: 9,
    });
    expect(maxDrawdown(drawdownCurve([101, 102], 100), [0, 1])).toEqual({ depth: 0, durationBars: 0, durationMs: 0 });
  });
});

describe('tradeStats', () => {
  it('computes win rate, profit factor, average return and expectancy', () => {
    const trades = [
      { pnl: 50, return: 0.05 },
      { pnl: -20, return: -0.02 },
      { pnl: 30, return: 0.03 },
      { pnl: 0, return: 0 },
      { pnl: -10, return: -0.01 },
    ];
    const stats = tradeStats(trades);
    expect(stats.totalTrades).toBe(5);
    close(stats.winRate, 0.4); // 2 wins of 5 (the 0 trade is not a win)
    close(stats.profitFactor, 80 / 30); // (50 + 30) / |−20 − 10|
    close(stats.averageReturn, 0.01); // (0.05 − 0.02 + 0.03 + 0 − 0.01) / 5
    // winRate × avg win − lossRate × avg loss = 0.4 × 40 − 0.4 × 15 = 10 = mean P&L (50 / 5)
    close(stats.expectancy, 10);
  });

  it('has no profit factor without a losing trade, and zeros without trades', () => {
    expect(tradeStats([{ pnl: 5, return: 0.1 }]).profitFactor).toBeNull();
    expect(tradeStats([])).toEqual({
      totalTrades: 0,
      winRate: 0,
      profitFactor: null,
      averageReturn: 0,
      expectancy: 0,
    });
  });
});

describe('exposure', () => {
  it('is the share of bars in the market', () => {
    expect(exposure(3, 12)).toBe(0.25);
    expect(exposure(0, 0)).toBe(0);
  });
});

describe('computeMetrics', () => {
  // N = 4 bars a year, so the four bars are exactly one year and CAGR = total return.
  const base = { equity, times, initialCapital: 100, trades: [], barsInMarket: 2, barsPerYear: 4 };

  it('matches the hand-computed case', () => {
    const m = computeMetrics(base);
    close(m.totalReturn, 0.089); // 108.9 / 100 − 1
    close(m.cagr, 0.089); // 1.089^(1/1) − 1
    const std = Math.sqrt(0.0275 / 3);
    close(m.volatility, std * 2); // × √4
    close(m.sharpeRatio, (0.025 / std) * 2); // 0.5222…
    close(m.sortinoRatio, (0.025 / Math.sqrt(0.01 / 3)) * 2); // 0.8660…
    close(m.maxDrawdown, -0.1);
    expect(m.maxDrawdownDurationBars).toBe(3); // peak at bar 0, not recovered by bar 3
    expect(m.maxDrawdownDurationMs).toBe(3000);
    close(m.calmarRatio, 0.89); // 0.089 / 0.1
    close(m.exposure, 0.5); // 2 of 4 bars
    expect(m.totalTrades).toBe(0);
  });

  it('subtracts the risk-free rate per bar (rf / N)', () => {
    // rf 4 % a year, N = 4 → 0.01 per bar; excess mean 0.025 − 0.01 = 0.015
    const m = computeMetrics({ ...base, riskFreeRate: 0.04 });
    close(m.sharpeRatio, (0.015 / Math.sqrt(0.0275 / 3)) * 2); // 0.3133…
    close(m.sortinoRatio, (0.015 / Math.sqrt(0.0122 / 3)) * 2); // 0.4704…
  });

  it('annualises CAGR over bars / N years', () => {
    // 504 daily bars = 2 years; doubling → 2^(1/2) − 1
    const doubling = Array.from({ length: 504 }, (_, i) => (i === 503 ? 200 : 100));
    const m = computeMetrics({ ...base, equity: doubling, times: doubling.map((_, i) => i), barsPerYear: 252 });
    close(m.cagr, Math.SQRT2 - 1);
    expect(computeMetrics({ ...base, equity: [50, 0] }).cagr).toBe(-1);
  });

  it('gives null ratios when their denominators are 0', () => {
    const m = computeMetrics({ ...base, equity: [100, 100, 100] });
    expect(m.sharpeRatio).toBeNull();
    expect(m.sortinoRatio).toBeNull();
    expect(m.calmarRatio).toBeNull();
    expect(m.profitFactor).toBeNull();
    expect(m.totalReturn).toBe(0);
    expect(m.volatility).toBe(0);
  });
});
