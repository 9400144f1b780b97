/**
 * portfolioAnalysis (issue 15 point 3): the user's portfolio from their broker (paper or live), their daily equity
 * history, the benchmark's and their holdings' daily closes, put through the pure figures of src/domain/analytics.
 *
 * - riskMetrics over the chosen window (RISK_WINDOWS) against the benchmark (./benchmark.ts);
 * - performance over every standard window, on the whole history;
 * - correlations between the CORRELATED_HOLDINGS largest holdings over the window (pairs with at least
 *   MIN_RISK_RETURNS common daily returns), which feed the HIGH_CORRELATION recommendation;
 * - the drawdown recommendation compares the window's current drawdown in dollars with the user's daily loss limit.
 * Nothing is written.
 */
import { allocation, diversification, type Holding } from '../../../src/domain/analytics/diversification';
import { performanceWindows, type DayPoint } from '../../../src/domain/analytics/periods';
import { currentDrawdownDollars, recommendations } from '../../../src/domain/analytics/recommendations';
import { benchmarkFit } from '../../../src/domain/analytics/risk';
import { MIN_RISK_RETURNS, riskMetrics } from '../../../src/domain/analytics/riskMetrics';
import { monthsBefore } from '../../../src/domain/analytics/periods';
import { easternDayNumber, isoDate } from '../../../src/domain/market/calendar';
import type { Instrument } from '../../../src/domain/market/universe';
import type { Portfolio } from '../../../src/domain/trading/account';
import type { Database } from '../../db/client';
import { loadTradingParameters } from '../tradingParameters';
import {
  benchmarkCloses,
  checkRiskFreeRate,
  benchmarkName,
  equityPoints,
  symbolCloses,
  type CandleSource,
} from './benchmark';

export const RISK_WINDOWS = {
  ONE_MONTH: 1,
  THREE_MONTHS: 3,
  SIX_MONTHS: 6,
  ONE_YEAR: 12,
  THREE_YEARS: 36,
  ALL: null,
} as const;
export type RiskWindow = keyof typeof RISK_WINDOWS;
/** Holdings whose pairwise correlations are computed (the largest by value): 20 → 190 pairs. */
export const CORRELATED_HOLDINGS = 20;

export interface PortfolioAnalysisDeps {
  db: Database;
  market: CandleSource;
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  portfolio: (userId: string) => Promise<Portfolio>;
  now: () => Date;
}

export interface PortfolioAnalysisInput {
  window?: RiskWindow | null;
  benchmark?: string | null;
  riskFreeRate?: number | null;
}

function holdingsOf(portfolio: Portfolio, instruments: ReadonlyMap<string, Instrument>): Holding[] {
  return portfolio.positions.map((p) => {
    const instrument = instruments.get(p.symbol);
    return {
      symbol: p.symbol,
      marketValue: p.marketValue,
      sector: instrument?.sector ?? 'Unknown',
      assetType: instrument?.type ?? 'stock',
    };
  });
}

/**
 * Pairwise correlations of the holdings' daily close-to-close returns over the days from `fromDay`: each symbol's
 * returns on one axis of days (NaN where it has none), each pair over the days both have.
 */
async function holdingCorrelations(market: CandleSource, symbols: readonly string[], fromDay: number, bars: number) {
  const closes = await Promise.all(symbols.map((symbol) => symbolCloses(market, symbol, bars)));
  const axis = [...new Set(closes.flatMap((c) => [...c.keys()]))].filter((d) => d >= fromDay).sort((a, b) => a - b);
  const series = closes.map((c) => {
    const returns = new Float64Array(Math.max(0, axis.length - 1)).fill(NaN);
    for (let i = 1; i < axis.length; i++) {
      const before = c.get(axis[i - 1]!);
      const today = c.get(axis[i]!);
      if (before && today !== undefined) returns[i - 1] = today / before - 1;
    }
    return { returns, complete: !returns.some(Number.isNaN) };
  });
  const out: { a: string; b: string; correlation: number }[] = [];
  for (let i = 0; i < symbols.length; i++) {
    for (let j = i + 1; j < symbols.length; j++) {
      const a = series[i]!;
      const b = series[j]!;
      let ra: ArrayLike<number> = a.returns;
      let rb: ArrayLike<number> = b.returns;
      if (!a.complete || !b.complete) {
        const both = [...a.returns.keys()].filter((k) => !Number.isNaN(a.returns[k]!) && !Number.isNaN(b.returns[k]!));
        ra = both.map((k) => a.returns[k]!);
        rb = both.map((k) => b.returns[k]!);
      }
      const { correlation } = ra.length >= MIN_RISK_RETURNS ? benchmarkFit(ra, rb) : { correlation: null };
      if (correlation !== null) out.push({ a: symbols[i]!, b: symbols[j]!, correlation });
    }
  }
  return out;
}

export function createPortfolioAnalysis(deps: PortfolioAnalysisDeps) {
  /** `account`: the daily equity series to read (default: the one the user trades now). */
  return async function portfolioAnalysis(userId: string, input: PortfolioAnalysisInput = {}, account?: string) {
    const window: RiskWindow = input.window ?? 'ONE_YEAR';
    const riskFreeRate = input.riskFreeRate ?? 0;
    checkRiskFreeRate(riskFreeRate);
    const instruments = await deps.instruments();
    const benchmark = benchmarkName(input.benchmark, instruments);
    const today = easternDayNumber(deps.now().getTime());
    const [portfolio, history, parameters] = await Promise.all([
      deps.portfolio(userId),
      equityPoints(deps.db, userId, '1900-01-01', isoDate(today), account),
      loadTradingParameters(deps.db, userId),
    ]);
    const months = RISK_WINDOWS[window];
    const fromDay = months === null ? (history[0]?.day ?? today) : monthsBefore(today, months);
    const inWindow: DayPoint[] = history.filter((p) => p.day >= fromDay);
    // Calendar days cover at least as many trading days: enough bars to reach the window's start.
    const bars = today - fromDay + 2;
    const holdings = holdingsOf(portfolio, instruments);
    const largest = [...holdings].sort((a, b) => b.marketValue - a.marketValue).slice(0, CORRELATED_HOLDINGS);
    const [closes, correlations] = await Promise.all([
      inWindow.length > MIN_RISK_RETURNS ? benchmarkCloses(deps.market, instruments, benchmark, bars) : new Map(),
      holdingCorrelations(
        deps.market,
        largest.map((h) => h.symbol),
        fromDay,
        bars,
      ),
    ]);
    const alloc = allocation(holdings, portfolio.cash);
    const currentDrawdown = currentDrawdownDollars(inWindow);
    return {
      asOf: deps.now().toISOString(),
      benchmark,
      window,
      diversification: diversification(holdings),
      allocation: alloc,
      riskMetrics: {
        ...riskMetrics(history, fromDay, closes, riskFreeRate),
        from: inWindow.length > 0 ? isoDate(inWindow[0]!.day) : null,
        to: inWindow.length > 0 ? isoDate(inWindow[inWindow.length - 1]!.day) : null,
      },
      performance: performanceWindows(history),
      correlations,
      currentDrawdown,
      recommendations: recommendations({
        symbolWeights: alloc.bySymbol,
        sectorWeights: alloc.bySector,
        cashWeight: alloc.cashWeight,
        hasPositions: holdings.length > 0,
        correlations,
        currentDrawdown,
        dailyLossLimit: parameters.dailyLossLimit,
      }),
    };
  };
}

export type PortfolioAnalysisResult = Awaited<ReturnType<ReturnType<typeof createPortfolioAnalysis>>>;
