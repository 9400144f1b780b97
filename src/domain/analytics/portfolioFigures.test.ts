import { describe, expect, it } from 'vitest';
import { dayNumberOf, DAY_MS } from '../market/calendar';
import { allocation, diversification, type Holding } from './diversification';
import { monthsBefore, performanceWindows, windowPerformance, type DayPoint } from './periods';
import { currentDrawdownDollars, recommendations } from './recommendations';
import { MIN_RISK_RETURNS, riskMetrics } from './riskMetrics';

const holding = (symbol: string, marketValue: number, sector: string, assetType = 'stock'): Holding => ({
  symbol,
  marketValue,
  sector,
  assetType,
});
const point = (day: number, equity: number, netDeposits: number): DayPoint => ({
  day,
  time: day * DAY_MS,
  equity,
  netDeposits,
});

describe('diversification and allocation', () => {
  const holdings = [
    holding('AAPL', 6000, 'Information Technology'),
    holding('MSFT', 2000, 'Information Technology'),
    holding('SPY', 2000, 'ETF', 'etf'),
  ];

  it('weights by symbol, sector and type with the Herfindahl index', () => {
    const d = diversification(holdings);
    expect(d.bySymbol.map((w) => [w.key, w.weight])).toEqual([
      ['AAPL', 0.6],
      ['MSFT', 0.2],
      ['SPY', 0.2],
    ]);
    expect(d.bySector.map((w) => [w.key, w.weight])).toEqual([
      ['Information Technology', 0.8],
      ['ETF', 0.2],
    ]);
    expect(d.byAssetType.map((w) => w.key)).toEqual(['stock', 'etf']);
    // 0.36 + 0.04 + 0.04
    expect(d.herfindahl).toBeCloseTo(0.44, 12);
    expect(d.effectiveHoldings).toBeCloseTo(1 / 0.44, 12);
  });

  it('has null concentration without positions', () => {
    expect(diversification([])).toMatchObject({ herfindahl: null, effectiveHoldings: null, bySymbol: [] });
  });

  it('allocates equity between positions, sectors and cash', () => {
    const a = allocation(holdings, 10000);
    expect(a.equity).toBe(20000);
    expect(a.cashWeight).toBe(0.5);
    expect(a.bySymbol[0]).toEqual({ key: 'AAPL', value: 6000, weight: 0.3 });
    expect(a.bySector[0]!.weight).toBeCloseTo(0.4, 12);
  });
});

describe('performance windows', () => {
  it('goes back calendar months, clamped to the month end', () => {
    expect(monthsBefore(dayNumberOf(2025, 3, 31), 1)).toBe(dayNumberOf(2025, 2, 28));
    expect(monthsBefore(dayNumberOf(2025, 1, 15), 3)).toBe(dayNumberOf(2024, 10, 15));
  });

  it('chains flow-neutral returns and takes P&L net of deposits', () => {
    const d = (m: number, day: number) => dayNumberOf(2025, m, day);
    const history = [
      point(d(12, 31) - 365, 1000, 1000),
      point(d(1, 2) - 365, 1100, 1000), // +10 %
      point(d(6, 2), 1210, 1000), // +10 %
      point(d(6, 30), 2210, 2000), // deposit of 1000 at the close: 0 %
      point(d(7, 1), 2431, 2000), // +10 %
    ];
    const all = windowPerformance(history, 'ALL');
    expect(all.twr).toBeCloseTo(1.1 ** 3 - 1, 12);
    expect(all.pnl).toBeCloseTo(431, 9);
    const oneDay = windowPerformance(history, '1D');
    expect(oneDay).toMatchObject({ startDay: d(6, 30), endDay: d(7, 1), reason: null });
    expect(oneDay.twr).toBeCloseTo(0.1, 12);
    // 1M: the last point on or before 1 June is 2 January 2025.
    const month = windowPerformance(history, '1M');
    expect(month.startDay).toBe(d(1, 2) - 365);
    expect(month.pnl).toBeCloseTo(331, 9);
  });

  it('is null with the reason when the history is too short or starts late', () => {
    const history = [point(20000, 1000, 1000), point(20001, 1010, 1000)];
    const windows = performanceWindows(history);
    expect(windows.find((w) => w.window === '1Y')).toMatchObject({ twr: null, pnl: null });
    expect(windows.find((w) => w.window === '1Y')!.reason).toMatch(/starts after/);
    expect(windowPerformance(history.slice(0, 1), 'ALL').reason).toMatch(/two recorded days/);
  });
});

describe('risk metrics over a window', () => {
  it('is null with a reason under the minimum history', () => {
    const history = Array.from({ length: MIN_RISK_RETURNS }, (_, i) => point(20000 + i, 1000 + i, 1000));
    const metrics = riskMetrics(history, 0, new Map());
    expect(metrics).toMatchObject({ observations: MIN_RISK_RETURNS - 1, volatility: null, beta: null });
    expect(metrics.reason).toMatch(/at least 20/);
  });

  it('has beta 2 and correlation 1 against a benchmark moving half as much', () => {
    // +3 % (a new peak), −2 %, +1 %: every drawdown is exactly 2 %.
    const returns = Array.from({ length: 30 }, (_, i) => [0.03, -0.02, 0.01][i % 3]!);
    const history = [point(20000, 1000, 1000)];
    const closes = new Map([[20000, 100]]);
    returns.forEach((r, i) => {
      history.push(point(20001 + i, history[i]!.equity * (1 + r), 1000));
      closes.set(20001 + i, closes.get(20000 + i)! * (1 + r / 2));
    });
    const metrics = riskMetrics(history, 0, closes);
    expect(metrics.beta).toBeCloseTo(2, 9);
    expect(metrics.correlation).toBeCloseTo(1, 9);
    expect(metrics.maxDrawdown!.depth).toBeCloseTo(-0.02, 12);
    expect(metrics.calmar).toBeCloseTo(metrics.cagr! / 0.02, 9);
    expect(metrics.reason).toBeNull();
    // No benchmark closes: the rest stays, beta and correlation are null with why.
    const alone = riskMetrics(history, 0, new Map());
    expect(alone).toMatchObject({ beta: null, correlation: null });
    expect(alone.volatility).toBeCloseTo(metrics.volatility!, 12);
    expect(alone.reason).toMatch(/beta and correlation/);
  });
});

describe('recommendations', () => {
  it('fires each rule with the number that triggered it', () => {
    const recs = recommendations({
      symbolWeights: [
        { key: 'AAPL', weight: 0.25 },
        { key: 'MSFT', weight: 0.2 },
      ],
      sectorWeights: [{ key: 'Information Technology', weight: 0.45 }],
      cashWeight: 0.3,
      hasPositions: true,
      correlations: [
        { a: 'AAPL', b: 'MSFT', correlation: 0.85 },
        { a: 'AAPL', b: 'KO', correlation: 0.8 },
      ],
      currentDrawdown: 600,
      dailyLossLimit: 500,
    });
    expect(recs.map((r) => [r.rule, r.subject, r.value, r.threshold])).toEqual([
      ['POSITION_CONCENTRATION', 'AAPL', 0.25, 0.2],
      ['SECTOR_CONCENTRATION', 'Information Technology', 0.45, 0.4],
      ['CASH_DRAG', null, 0.3, 0.25],
      ['HIGH_CORRELATION', 'AAPL/MSFT', 0.85, 0.8],
      ['DRAWDOWN_BEYOND_LOSS_LIMIT', null, 600, 500],
    ]);
  });

  it('stays quiet for an all-cash account and without a loss limit', () => {
    const recs = recommendations({
      symbolWeights: [],
      sectorWeights: [],
      cashWeight: 1,
      hasPositions: false,
      correlations: [],
      currentDrawdown: 10000,
      dailyLossLimit: 0,
    });
    expect(recs).toEqual([]);
  });

  it('measures the current drawdown in dollars net of deposits', () => {
    expect(
      currentDrawdownDollars([
        { equity: 1000, netDeposits: 1000 },
        { equity: 1300, netDeposits: 1000 },
        { equity: 2100, netDeposits: 2000 },
      ]),
    ).toBe(200);
    expect(currentDrawdownDollars([])).toBeNull();
  });
});
