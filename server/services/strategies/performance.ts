/**
 * A strategy's live (paper) performance over a period (spec §7 strategyPerformance, issue 13 point 6): its own fills
 * in the period (src/domain/backtest/livePerformance.ts: FIFO round trips, daily equity at the closes of the daily
 * candles) measured by `computeMetrics`, beside a backtest of its definition over the same period and symbols
 * (`backtestPortfolio`). Capital base: the largest cost of its open positions at any moment of the period (the money
 * it actually put in), DEFAULT_CAPITAL when it bought nothing.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import {
  liveEquityCurve,
  liveFillOfTrade,
  matchRoundTrips,
  peakOpenCost,
  type LiveFill,
} from '../../../src/domain/backtest/livePerformance';
import { barsPerYear, computeMetrics } from '../../../src/domain/backtest/metrics';
import { DAY_MS } from '../../../src/domain/market/calendar';
import type { Candle } from '../../../src/domain/market/candle';
import { trades } from '../../db/schema';
import { backtestPortfolio, type CurvePoint } from './backtest';
import { findOwnStrategy, MAX_BARS, type StrategyManagerDependencies } from './manage';
import { storedDefinition, toMetricsModel, type StrategyMetricsModel } from './model';
import { DEFAULT_CAPITAL, parseStrategyPerformance } from './validation';

export interface StrategyPerformanceReportModel {
  strategyId: string;
  from: string;
  to: string;
  live: StrategyMetricsModel;
  backtest: StrategyMetricsModel | null;
  trades: number;
  equityCurve: CurvePoint[];
}

export function createStrategyPerformance({
  db,
  now,
  dailyBars,
}: Pick<StrategyManagerDependencies, 'db' | 'now' | 'dailyBars'>) {
  return {
    /** The user's strategy's performance, or null (also for another user's id). */
    async strategyPerformance(
      userId: string,
      input: { id: string; startDate?: string | null; endDate?: string | null },
    ): Promise<StrategyPerformanceReportModel | null> {
      const { id, startDate, endDate } = parseStrategyPerformance(input, now().getTime());
      const row = await findOwnStrategy(db, userId, id);
      if (!row) return null;
      const rows = await db
        .select()
        .from(trades)
        .where(
          and(
            eq(trades.userId, userId),
            eq(trades.strategyId, id),
            gte(trades.createdAt, new Date(startDate)),
            lte(trades.createdAt, new Date(endDate)),
          ),
        )
        .orderBy(asc(trades.createdAt), asc(trades.seq));
      const fills: LiveFill[] = rows.map(liveFillOfTrade);

      const definition = storedDefinition(row);
      const symbols = [...new Set([...(definition?.symbols ?? []), ...fills.map((fill) => fill.symbol)])];
      // The daily bars of the period: a day whose bar starts before startDate counts when it ends after it.
      const barsBySymbol = new Map<string, Candle[]>();
      for (const symbol of symbols) {
        const bars = (await dailyBars(symbol, MAX_BARS)).filter(
          (bar) => bar.time + DAY_MS > startDate && bar.time <= endDate,
        );
        if (bars.length > 0) barsBySymbol.set(symbol, bars);
      }
      const days = [...new Set([...barsBySymbol.values()].flat().map((bar) => bar.time))].sort((a, b) => a - b);
      const closes = new Map(
        [...barsBySymbol].map(([symbol, bars]) => [symbol, new Map(bars.map((bar) => [bar.time, bar.close]))]),
      );

      const capital = peakOpenCost(fills) || DEFAULT_CAPITAL;
      const { equity, barsInMarket } = liveEquityCurve(fills, days, closes, capital);
      const live = computeMetrics({
        equity,
        times: days,
        initialCapital: capital,
        trades: matchRoundTrips(fills),
        barsInMarket,
        barsPerYear: barsPerYear('1D'),
      });

      const backtestBars = new Map(
        (definition?.interval === '1D' ? definition.symbols : []).flatMap((symbol) => {
          const bars = barsBySymbol.get(symbol);
          return bars ? [[symbol, bars] as const] : [];
        }),
      );
      const backtest =
        definition && backtestBars.size > 0
          ? backtestPortfolio(definition, backtestBars, {
              capital: DEFAULT_CAPITAL,
              commissionCents: 0,
              slippageBps: 0,
            }).metrics
          : null;

      return {
        strategyId: id,
        from: new Date(startDate).toISOString(),
        to: new Date(endDate).toISOString(),
        live: toMetricsModel(live),
        backtest,
        trades: fills.length,
        equityCurve: days.map((day, i) => ({ time: new Date(day).toISOString(), value: equity[i]! })),
      };
    },
  };
}
