// portfolioAnalysis (issue 15 point 3) on PGlite and PostgreSQL: a user with a known daily equity history (a rise,
// a drawdown with known dates, a deposit, a recovery and a fall beyond their daily loss limit) and known positions;
// the figures are asserted from the stored numbers and the simulated market's closes, the holdings' correlations
// from their daily closes, and the recommendations are exactly the rules those numbers cross, each with its number.
// Bad input names the field.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperAccounts, positions, preferences } from '../../server/db/schema';
import { insertDailyEquity } from '../../server/services/analytics/dailyEquity';
import { monthsBefore } from '../../src/domain/analytics/periods';
import { easternDayNumber, isoDate } from '../../src/domain/market/calendar';
import { storeEquityHistory } from './equityHistorySetup';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, portfolioOf, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

const QUERY = `query A($window: RiskWindow, $benchmark: String, $riskFreeRate: Float) {
  portfolioAnalysis(window: $window, benchmark: $benchmark, riskFreeRate: $riskFreeRate) {
    asOf currentDrawdown
    diversification { bySymbol { key value weight } bySector { key weight } byAssetType { key weight } herfindahl effectiveHoldings }
    allocation { equity cash cashWeight bySymbol { key weight } bySector { key weight } }
    riskMetrics { window benchmark from to observations volatility sharpe sortino cagr calmar beta correlation reason
      maxDrawdown { depth start trough recovery } historicalVaR { var95 cvar95 } parametricVaR { var95 cvar95 } }
    performance { window startDate endDate twr pnl reason }
    correlations { a b correlation }
    recommendations { rule subject value threshold message }
  }
}`;

/** 10 days +1 %, 5 days −3 % (the drawdown), a $10,000 deposit, 12 days +2 %, 2 days −3 %. */
const RETURNS = [...Array(10).fill(0.01), ...Array(5).fill(-0.03), ...Array(12).fill(0.02), -0.03, -0.03];
const DEPOSIT_AT = 16;
const START = 100_000;

describe.each(drivers)('portfolioAnalysis (%s)', (driver) => {
  let t: TradingTestApp;
  let user: { id: string; token: string };
  /** The trading days of the history, oldest first (the last one the day before the clock's Wednesday). */
  let days: number[];
  let equity: number[];
  let deposits: number[];

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    user = await createUserWithSession(t.db);
    ({ days, equity, deposits } = await storeEquityHistory(t.db, user.id, {
      before: WEDNESDAY_1100,
      start: START,
      returns: RETURNS,
      depositAt: DEPOSIT_AT,
      deposit: 10_000,
    }));
    await t.db.insert(paperAccounts).values({ userId: user.id, cashCents: 1_000_000, startingCashCents: 10_000_000 });
    await t.db.insert(positions).values([
      { userId: user.id, symbol: 'AAPL', quantity: 100, costCents: 1_500_000, realizedCents: 0 },
      { userId: user.id, symbol: 'MSFT', quantity: 10, costCents: 400_000, realizedCents: 0 },
      { userId: user.id, symbol: 'SPY', quantity: 5, costCents: 250_000, realizedCents: 0 },
    ]);
    await t.db.update(preferences).set({ dailyLossLimitCents: 50_000 }).where(eq(preferences.userId, user.id));
  });
  afterAll(() => t.close());

  type Analysis = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  async function analysis(variables: Record<string, unknown> = {}, token = user.token): Promise<Analysis> {
    const result = await graphql<{ portfolioAnalysis: Analysis }>(t.app, QUERY, { variables, token });
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.portfolioAnalysis;
  }

  it('weights the holdings and the cash from the broker’s portfolio', async () => {
    const portfolio = await portfolioOf(t.app, user.token);
    const a = await analysis();
    const invested = portfolio.positions.reduce((s, p) => s + p.marketValue, 0);
    const weightOf = (symbol: string) => portfolio.positions.find((p) => p.symbol === symbol)!.marketValue / invested;
    expect(a.diversification.bySymbol.map((w: Analysis) => w.key)).toEqual(['AAPL', 'MSFT', 'SPY']);
    expect(a.diversification.herfindahl).toBeCloseTo(
      ['AAPL', 'MSFT', 'SPY'].reduce((s, sym) => s + weightOf(sym) ** 2, 0),
      12,
    );
    expect(a.diversification.effectiveHoldings).toBeCloseTo(1 / a.diversification.herfindahl, 12);
    expect(a.diversification.byAssetType.map((w: Analysis) => w.key).sort()).toEqual(['etf', 'stock']);
    expect(a.allocation.cash).toBe(10_000);
    expect(a.allocation.equity).toBeCloseTo(10_000 + invested, 6);
    expect(a.allocation.cashWeight).toBeCloseTo(10_000 / (10_000 + invested), 12);
    const aaplShare = portfolio.positions.find((p) => p.symbol === 'AAPL')!.marketValue / (10_000 + invested);
    expect(aaplShare).toBeGreaterThan(0.2);
    expect(a.recommendations).toContainEqual(
      expect.objectContaining({ rule: 'POSITION_CONCENTRATION', subject: 'AAPL', threshold: 0.2 }),
    );
    const rec = a.recommendations.find((r: Analysis) => r.subject === 'AAPL');
    expect(rec.value).toBeCloseTo(aaplShare, 12);
  });

  it('computes the performance windows from the history, net of the deposit', async () => {
    const a = await analysis();
    const last = equity.length - 1;
    const all = a.performance.find((p: Analysis) => p.window === 'ALL');
    expect(all.startDate).toBe(isoDate(days[0]!));
    expect(all.endDate).toBe(isoDate(days[last]!));
    expect(all.pnl).toBeCloseTo(equity[last]! - START - 10_000, 6);
    let growth = 1;
    for (let i = 1; i <= last; i++) growth *= (equity[i]! - (deposits[i]! - deposits[i - 1]!)) / equity[i - 1]!;
    expect(all.twr).toBeCloseTo(growth - 1, 10);
    expect(all.twr).toBeCloseTo(1.01 ** 10 * 0.97 ** 7 * 1.02 ** 12 - 1, 4);
    const oneDay = a.performance.find((p: Analysis) => p.window === '1D');
    expect(oneDay.twr).toBeCloseTo(-0.03, 6);
    expect(oneDay.pnl).toBeCloseTo(equity[last]! - equity[last - 1]!, 6);
    const year = a.performance.find((p: Analysis) => p.window === '1Y');
    expect(year).toMatchObject({ twr: null, pnl: null, startDate: null });
    expect(year.reason).toMatch(/starts after/);
  });

  it('computes the risk figures with the drawdown’s dates and beta against a symbol', async () => {
    const a = await analysis({ window: 'ALL', benchmark: 'aapl' });
    const risk = a.riskMetrics;
    expect(risk).toMatchObject({ window: 'ALL', benchmark: 'AAPL', observations: RETURNS.length, reason: null });
    expect(risk.from).toBe(isoDate(days[0]!));
    // Peak after the 10th day, trough after the 15th; 0.97^5 = 0.8587 needs 8 days of +2 % (1.02^8 = 1.1717).
    expect(risk.maxDrawdown).toMatchObject({
      start: isoDate(days[10]!),
      trough: isoDate(days[15]!),
      recovery: isoDate(days[23]!),
    });
    expect(risk.maxDrawdown.depth).toBeCloseTo(0.97 ** 5 - 1, 4);
    expect(risk.calmar).toBeCloseTo(risk.cagr / -risk.maxDrawdown.depth, 10);
    expect(risk.historicalVaR.var95).toBeCloseTo(0.03, 4);
    // Beta against AAPL's close-to-close returns of the same days.
    const closes = new Map(t.market.getCandles('AAPL', '1D', 100).map((c) => [easternDayNumber(c.time), c.close]));
    const p: number[] = [];
    const b: number[] = [];
    for (let i = 1; i < days.length; i++) {
      p.push((equity[i]! - (deposits[i]! - deposits[i - 1]!)) / equity[i - 1]! - 1);
      b.push(closes.get(days[i]!)! / closes.get(days[i - 1]!)! - 1);
    }
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    const cov = p.reduce((s, v, i) => s + (v - mean(p)) * (b[i]! - mean(b)), 0);
    const varB = b.reduce((s, v) => s + (v - mean(b)) ** 2, 0);
    expect(risk.beta).toBeCloseTo(cov / varB, 10);
    // Against the cap-weighted index, too.
    expect((await analysis({ window: 'ALL' })).riskMetrics.beta).toEqual(expect.any(Number));
  });

  /** The current drawdown of the stored history: the peak of equity less net deposits, less its last value. */
  const storedDrawdown = () => {
    const gains = equity.map((e, i) => e - deposits[i]!);
    return Math.max(...gains) - gains[gains.length - 1]!;
  };

  it('is null with the reason for too short a history, and flags the drawdown beyond the loss limit', async () => {
    const short = await createUserWithSession(t.db);
    await insertDailyEquity(
      t.db,
      days.slice(-6).map((dayNumber, i) => ({
        userId: short.id,
        dayNumber,
        equityCents: 10_000_000 + i * 1000,
        cashCents: 10_000_000 + i * 1000,
        netDepositsCents: 10_000_000,
        source: 'backfill' as const,
      })),
    );
    const a = await analysis({ window: 'ONE_MONTH' }, short.token);
    expect(a.riskMetrics.observations).toBe(5);
    expect(a.riskMetrics).toMatchObject({ volatility: null, sharpe: null, maxDrawdown: null, beta: null });
    expect(a.riskMetrics.reason).toMatch(/at least 20/);
    const drawdown = storedDrawdown();
    expect(drawdown).toBeGreaterThan(500);
    const all = await analysis({ window: 'ALL' });
    expect(all.currentDrawdown).toBeCloseTo(drawdown, 6);
    expect(all.recommendations).toContainEqual(
      expect.objectContaining({ rule: 'DRAWDOWN_BEYOND_LOSS_LIMIT', subject: null, threshold: 500 }),
    );
  });

  it('correlates the holdings’ daily returns and fires exactly the rules their numbers cross', async () => {
    const a = await analysis();
    // The ONE_YEAR window: each holding's close-to-close returns over the simulated market's daily bars since then.
    const fromDay = monthsBefore(easternDayNumber(WEDNESDAY_1100), 12);
    const returnsOf = (symbol: string) => {
      const closes = t.market
        .getCandles(symbol, '1D', 400)
        .filter((bar) => easternDayNumber(bar.time) >= fromDay)
        .map((bar) => bar.close);
      return closes.slice(1).map((close, i) => close / closes[i]! - 1);
    };
    const pearson = (x: number[], y: number[]) => {
      const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
      const [mx, my] = [mean(x), mean(y)];
      let [cov, vx, vy] = [0, 0, 0];
      x.forEach((xi, i) => {
        cov += (xi - mx) * (y[i]! - my);
        vx += (xi - mx) ** 2;
        vy += (y[i]! - my) ** 2;
      });
      return cov / Math.sqrt(vx * vy);
    };
    const [aapl, msft, spy] = ['AAPL', 'MSFT', 'SPY'].map(returnsOf);
    expect(aapl!.length).toBeGreaterThan(200);
    const pairs = a.correlations.map((c: Analysis) => `${c.a}/${c.b}`);
    expect(pairs).toEqual(['AAPL/MSFT', 'AAPL/SPY', 'MSFT/SPY']);
    const expected = [pearson(aapl!, msft!), pearson(aapl!, spy!), pearson(msft!, spy!)];
    a.correlations.forEach((c: Analysis, i: number) => expect(c.correlation).toBeCloseTo(expected[i]!, 9));

    // Every rule over the numbers above (weights of equity, from the broker's portfolio), and only those, in order.
    const portfolio = await portfolioOf(t.app, user.token);
    const equity = portfolio.cash + portfolio.positions.reduce((s, p) => s + p.marketValue, 0);
    const sectorOf = new Map(t.market.getInstruments().map((i) => [i.symbol, i.sector]));
    const bySector = new Map<string, number>();
    for (const p of portfolio.positions) {
      const sector = sectorOf.get(p.symbol)!;
      bySector.set(sector, (bySector.get(sector) ?? 0) + p.marketValue / equity);
    }
    const heaviest = <T extends [string, number]>(x: T, y: T) => y[1] - x[1];
    const want: [string, string | null, number, number][] = [
      ...portfolio.positions
        .map((p): [string, number] => [p.symbol, p.marketValue / equity])
        .sort(heaviest)
        .filter(([, w]) => w > 0.2)
        .map(([symbol, w]): [string, string, number, number] => ['POSITION_CONCENTRATION', symbol, w, 0.2]),
      ...[...bySector]
        .sort(heaviest)
        .filter(([, w]) => w > 0.4)
        .map(([sector, w]): [string, string, number, number] => ['SECTOR_CONCENTRATION', sector, w, 0.4]),
      ...(portfolio.cash / equity > 0.25 ? [['CASH_DRAG', null, portfolio.cash / equity, 0.25] as const] : []),
      ...pairs.flatMap((pair: string, i: number) =>
        expected[i]! > 0.8 ? [['HIGH_CORRELATION', pair, expected[i]!, 0.8] as const] : [],
      ),
      ['DRAWDOWN_BEYOND_LOSS_LIMIT', null, storedDrawdown(), 500],
    ];
    expect(want.length).toBeGreaterThanOrEqual(2);
    const got = a.recommendations.map((r: Analysis) => [r.rule, r.subject, r.value, r.threshold]);
    expect(got.map((r: unknown[]) => [r[0], r[1], r[3]])).toEqual(want.map((r) => [r[0], r[1], r[3]]));
    got.forEach((r: number[], i: number) => expect(r[2]).toBeCloseTo(want[i]![2], 9));
  });

  it('shows another user nothing of this one', async () => {
    const other = await createUserWithSession(t.db);
    const a = await analysis({}, other.token);
    expect(a.performance.every((p: Analysis) => p.twr === null && p.reason)).toBe(true);
    expect(a.diversification.bySymbol).toEqual([]);
    expect(a.currentDrawdown).toBeNull();
  });

  it.each([
    ['benchmark', { benchmark: 'NOPE' }],
    ['riskFreeRate', { riskFreeRate: 5 }],
  ])('refuses a bad %s, naming it', async (field, variables) => {
    const result = await graphql(t.app, QUERY, { variables, token: user.token });
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(result.errors?.[0]?.message).toContain(field);
  });
});
