// performanceReport(input) (issue 15 point 4) on PGlite and PostgreSQL: a user with a known daily equity history
// (a deposit on the way) and known AAPL trades (two FIFO lots, one strategy's, sold together); every section's
// numbers asserted (the metric set on a longer history with a deposit in its drawdown), sections chosen, and bad
// input refused naming the field (issue 15 point 7).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyEquity as dailyEquityTable, strategies as strategiesTable } from '../../server/db/schema';
import { easternDayNumber, easternTime, isoDate } from '../../src/domain/market/calendar';
import { storeEquityHistory } from './equityHistorySetup';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, insertFilledOrder, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

const QUERY = `query R($input: PerformanceReportInput!) {
  performanceReport(input: $input) {
    start end benchmark grouping sections
    summary { days startEquity endEquity netDeposits pnl timeWeightedReturn moneyWeightedReturn reason }
    equity { date equity benchmark }
    pnl { date pnl return }
    monthlyReturns { year months total }
    metrics { observations volatility maxDrawdown { depth start trough } reason }
    trades {
      totalTrades winRate profitFactor expectancy averageWin averageLoss averageHoldingHours
      returnDistribution { from to count pnl }
      holdingDistribution { from to count pnl }
    }
    symbols { key label pnl trades }
    strategies { key label pnl trades }
    realisedGains { shortTerm longTerm total lots { symbol quantity costBasis proceeds gain term acquiredAt soldAt } }
  }
}`;

const QUERY_METRICS = `query M($input: PerformanceReportInput!) {
  performanceReport(input: $input) {
    metrics { observations benchmark volatility sharpe sortino cagr calmar beta correlation reason
      maxDrawdown { depth start trough recovery } historicalVaR { var95 cvar95 } parametricVaR { var95 cvar95 } }
  }
}`;

/** Daily returns of the 12 days after the first; a $5,000 deposit at the 6th day's close. */
const RETURNS = [0.01, 0.02, -0.01, 0.005, 0.01, 0, -0.02, 0.03, 0.01, -0.005, 0.01, 0.02];
const DEPOSIT_AT = 6;

describe.each(drivers)('performanceReport (%s)', (driver) => {
  let t: TradingTestApp;
  let user: { id: string; token: string };
  let days: number[];
  let equity: number[];
  /** 11:00 New York on the i-th day. */
  const at = (i: number) => easternTime(days[i]!, 11 * 60);

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    user = await createUserWithSession(t.db);
    ({ days, equity } = await storeEquityHistory(t.db, user.id, {
      before: WEDNESDAY_1100,
      start: 100_000,
      returns: RETURNS,
      depositAt: DEPOSIT_AT,
      deposit: 5_000,
    }));
    const fill = (side: 'BUY' | 'SELL', quantity: number, priceCents: number, i: number, extra = {}) =>
      insertFilledOrder(t.db, { userId: user.id, side, quantity, priceCents, at: at(i), ...extra });
    await fill('BUY', 10, 10_000, 1, { strategyId: 's1' });
    await fill('BUY', 5, 11_000, 2);
    await fill('SELL', 12, 12_000, 5, { strategyId: 's1', commissionCents: 120 });
  });
  afterAll(() => t.close());

  type Report = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  async function report(input: Record<string, unknown>): Promise<Report> {
    const result = await graphql<{ performanceReport: Report }>(t.app, QUERY, {
      variables: { input },
      token: user.token,
    });
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.performanceReport;
  }

  it('reports the period’s equity, P&L, returns and metrics', async () => {
    const r = await report({ preset: 'ONE_MONTH', benchmark: 'AAPL', grouping: 'WEEK' });
    const last = equity.length - 1;
    expect(r).toMatchObject({ benchmark: 'AAPL', grouping: 'WEEK', end: isoDate(easternDayNumber(WEDNESDAY_1100)) });
    expect(r.summary).toMatchObject({ days: equity.length, startEquity: 100_000, netDeposits: 5_000, reason: null });
    expect(r.summary.pnl).toBeCloseTo(equity[last]! - 100_000 - 5_000, 6);
    expect(r.summary.timeWeightedReturn).toBeCloseTo(RETURNS.reduce((g, x) => g * (1 + x), 1) - 1, 4);
    expect(r.summary.moneyWeightedReturn).toEqual(expect.any(Number));
    // The benchmark scaled to the first equity.
    const closes = new Map(t.market.getCandles('AAPL', '1D', 60).map((c) => [easternDayNumber(c.time), c.close]));
    expect(r.equity).toHaveLength(equity.length);
    r.equity.forEach((p: Report, i: number) => {
      expect(p.date).toBe(isoDate(days[i]!));
      expect(p.equity).toBeCloseTo(equity[i]!, 6);
      expect(p.benchmark).toBeCloseTo((100_000 * closes.get(days[i]!)!) / closes.get(days[0]!)!, 6);
    });
    // Weeks keyed by their Monday; their P&L adds up to the period's.
    expect(r.pnl.every((p: Report) => new Date(`${p.date}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(r.pnl.reduce((s: number, p: Report) => s + p.pnl, 0)).toBeCloseTo(r.summary.pnl, 6);
    expect(r.monthlyReturns.map((y: Report) => y.year)).toEqual([2026]);
    expect(r.monthlyReturns[0].months[10]).toEqual(expect.any(Number));
    // 12 returns: fewer than 20, so the metrics are null with the reason.
    expect(r.metrics).toMatchObject({ observations: 12, volatility: null, maxDrawdown: null });
    expect(r.metrics.reason).toMatch(/at least 20/);
  });

  it('reports the trades, by symbol and by strategy, and the realised gains by lot', async () => {
    const r = await report({ preset: 'ONE_MONTH' });
    // The sale of 12 closes the 10 at $100 and 2 of the 5 at $110; $1.20 commission, $0.10 a share.
    expect(r.realisedGains.lots).toEqual([
      expect.objectContaining({
        symbol: 'AAPL',
        quantity: 10,
        costBasis: 1000,
        proceeds: 1199,
        gain: 199,
        term: 'SHORT',
      }),
      expect.objectContaining({ symbol: 'AAPL', quantity: 2, costBasis: 220, proceeds: 239.8, term: 'SHORT' }),
    ]);
    expect(r.realisedGains.lots[1].gain).toBeCloseTo(19.8, 9);
    expect(r.realisedGains.lots[0].acquiredAt).toBe(new Date(at(1)).toISOString());
    expect(r.realisedGains.total).toBeCloseTo(218.8, 9);
    expect(r.realisedGains.longTerm).toBe(0);
    expect(r.trades).toMatchObject({ totalTrades: 2, winRate: 1, profitFactor: null });
    expect(r.trades.expectancy).toBeCloseTo(109.4, 9);
    expect(r.trades.averageHoldingHours).toBeGreaterThan(0);
    expect(r.symbols).toHaveLength(1);
    expect(r.symbols[0]).toMatchObject({ key: 'AAPL', trades: 2 });
    expect(r.symbols[0].pnl).toBeCloseTo(218.8, 9);
    // s1's own fills: its 10 shares bought at $100 sold at $120 (the 2 beyond its lots ignored).
    expect(r.strategies).toHaveLength(1);
    expect(r.strategies[0]).toMatchObject({ key: 's1', trades: 1 });
    expect(r.strategies[0].pnl).toBeCloseTo(199, 9);
    // Returns of 19.9 % and 9 %: one in the 10 % and above bucket, one in [5 %, 10 %); held 4 and 3 trading days.
    expect(r.trades.returnDistribution.map((b: Report) => b.count)).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    expect(r.trades.returnDistribution[7]).toMatchObject({ from: 0.1, to: null });
    expect(r.trades.returnDistribution[7].pnl).toBeCloseTo(199, 9);
    expect(r.trades.holdingDistribution.map((b: Report) => b.count)).toEqual([0, 0, 2, 0, 0, 0, 0]);
    expect(r.trades.holdingDistribution[2]).toMatchObject({ from: 24, to: 168 });
  });

  it('labels strategies with their names, manual trades and strategies that are not the user’s', async () => {
    const trader = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const [mine] = await t.db.insert(strategiesTable).values({ userId: trader.id, name: 'Momentum' }).returning();
    const [theirs] = await t.db.insert(strategiesTable).values({ userId: other.id, name: 'Secret' }).returning();
    const fill = (side: 'BUY' | 'SELL', priceCents: number, i: number, strategyId?: string) =>
      insertFilledOrder(t.db, { userId: trader.id, side, quantity: 1, priceCents, at: at(i), strategyId });
    await fill('BUY', 10_000, 1, mine!.id);
    await fill('SELL', 9_000, 2, mine!.id);
    await fill('BUY', 10_000, 3);
    await fill('SELL', 10_100, 4);
    await fill('BUY', 10_000, 5, theirs!.id);
    await fill('SELL', 10_500, 6, theirs!.id);
    const result = await graphql<{ performanceReport: Report }>(t.app, QUERY, {
      variables: { input: { preset: 'ONE_MONTH', sections: ['strategies', 'symbols', 'trades'] } },
      token: trader.token,
    });
    const r = result.data!.performanceReport;
    expect(r.strategies).toEqual([
      { key: mine!.id, label: 'Momentum', pnl: -10, trades: 1 },
      { key: theirs!.id, label: 'Deleted strategy', pnl: 5, trades: 1 },
      { key: 'manual', label: 'Manual trades', pnl: 1, trades: 1 },
    ]);
    expect(r.symbols).toEqual([{ key: 'AAPL', label: 'AAPL', pnl: -4, trades: 3 }]);
    // −10 %, +1 %, +5 %: one loss in [−10 %, −5 %), one win in [0, 2 %), one in [5 %, 10 %).
    expect(r.trades.returnDistribution.map((b: Report) => b.count)).toEqual([0, 1, 0, 0, 1, 0, 1, 0]);
    expect(r.trades.returnDistribution[1].pnl).toBeCloseTo(-10, 9);
  });

  it('computes the metric set over a period long enough, against the benchmark of the same days', async () => {
    // 30 returns: a rise, a 3-day fall (the drawdown) with a deposit in it, a recovery.
    const returns = [...Array(8).fill(0.01), -0.02, -0.03, -0.01, ...Array(19).fill(0.006)] as number[];
    const trader = await createUserWithSession(t.db);
    const history = await storeEquityHistory(t.db, trader.id, {
      before: WEDNESDAY_1100,
      start: 50_000,
      returns,
      depositAt: 10,
      deposit: 2_000,
    });
    const result = await graphql<{ performanceReport: Report }>(t.app, QUERY_METRICS, {
      variables: {
        input: { start: isoDate(history.days[0]!), sections: ['metrics'], benchmark: 'MSFT', riskFreeRate: 0.0252 },
      },
      token: trader.token,
    });
    const m = result.data!.performanceReport.metrics;
    // The returns as stored (equity rounded to cents), deposits neutralised.
    const r = history.days
      .slice(1)
      .map(
        (_, i) => (history.equity[i + 1]! - (history.deposits[i + 1]! - history.deposits[i]!)) / history.equity[i]! - 1,
      );
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    const sd = Math.sqrt(r.reduce((s, v) => s + (v - mean(r)) ** 2, 0) / (r.length - 1));
    expect(m).toMatchObject({ observations: 30, benchmark: 'MSFT', reason: null });
    expect(m.volatility).toBeCloseTo(sd * Math.sqrt(252), 10);
    expect(m.sharpe).toBeCloseTo(((mean(r) - 0.0252 / 252) / sd) * Math.sqrt(252), 8);
    // Peak after the 8th return, trough after the 11th (0.98 × 0.97 × 0.99 = 0.94109), back above the peak after the
    // 22nd (0.94109 × 1.006^11 > 1 > 0.94109 × 1.006^10).
    expect(m.maxDrawdown).toMatchObject({
      start: isoDate(history.days[8]!),
      trough: isoDate(history.days[11]!),
      recovery: isoDate(history.days[22]!),
    });
    expect(m.maxDrawdown.depth).toBeCloseTo(0.98 * 0.97 * 0.99 - 1, 4);
    const growth = r.reduce((g, v) => g * (1 + v), 1);
    expect(m.cagr).toBeCloseTo(growth ** (252 / 30) - 1, 8);
    expect(m.calmar).toBeCloseTo(m.cagr / -m.maxDrawdown.depth, 10);
    // Historical 95 %: k = ceil(1.5) = 2 worst days, −3 % and −2 %.
    expect(m.historicalVaR.var95).toBeCloseTo(0.02, 4);
    expect(m.historicalVaR.cvar95).toBeCloseTo(0.025, 4);
    expect(m.parametricVaR.var95).toBeCloseTo(-(mean(r) - 1.6448536269514722 * sd), 10);
    // Beta and correlation against MSFT's close-to-close returns of the same days.
    const closes = new Map(t.market.getCandles('MSFT', '1D', 80).map((c) => [easternDayNumber(c.time), c.close]));
    const b = history.days.slice(1).map((day, i) => closes.get(day)! / closes.get(history.days[i]!)! - 1);
    const cov = r.reduce((s, v, i) => s + (v - mean(r)) * (b[i]! - mean(b)), 0);
    const varB = b.reduce((s, v) => s + (v - mean(b)) ** 2, 0);
    expect(m.beta).toBeCloseTo(cov / varB, 10);
    expect(m.correlation).toBeCloseTo(cov / Math.sqrt(varB * sd ** 2 * (r.length - 1)), 10);
  });

  it('answers the sections asked for, and a period before the sale without it', async () => {
    const only = await report({ preset: 'ONE_MONTH', sections: ['summary', 'realisedGains'] });
    expect(only.sections).toEqual(['summary', 'realisedGains']);
    expect(only).toMatchObject({ equity: null, pnl: null, metrics: null, trades: null, strategies: null });
    const before = await report({ start: isoDate(days[0]!), end: isoDate(days[3]!), sections: ['summary', 'trades'] });
    expect(before.summary.days).toBe(4);
    expect(before.summary.pnl).toBeCloseTo(equity[3]! - 100_000, 6);
    expect(before.trades.totalTrades).toBe(0);
  });

  it.each([
    ['end', { start: '2026-11-10', end: '2026-11-01' }],
    ['start', { start: '2005-01-01', end: '2026-11-01' }],
    ['start', { start: '2026-02-30' }],
    ['preset', { preset: 'YTD', start: '2026-01-01' }],
    ['sections', { sections: ['summary', 'horoscope'] }],
    ['benchmark', { benchmark: 'NOPE' }],
    ['riskFreeRate', { riskFreeRate: -3 }],
  ])('refuses a bad %s, naming it and writing nothing', async (field, input) => {
    const rows = async () =>
      (await t.db.select({ n: count() }).from(dailyEquityTable).where(eq(dailyEquityTable.userId, user.id)))[0]!.n;
    const before = await rows();
    const result = await graphql(t.app, QUERY, { variables: { input }, token: user.token });
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(result.errors?.[0]?.message).toContain(field);
    expect(await rows()).toBe(before);
  });

  it('shows another user nothing of this one', async () => {
    const other = await createUserWithSession(t.db);
    const result = await graphql<{ performanceReport: Report }>(t.app, QUERY, {
      variables: { input: { preset: 'ALL' } },
      token: other.token,
    });
    const r = result.data!.performanceReport;
    expect(r.summary).toMatchObject({ days: 0, pnl: null });
    expect(r.summary.reason).toBeTruthy();
    expect(r.realisedGains.lots).toEqual([]);
    expect(r.equity).toEqual([]);
  });
});
