/**
 * performanceReport(input) (issue 15 point 4): the user's daily equity history over a period against a benchmark,
 * their trades' statistics and realised gains, in the sections asked for (a section not asked for is null).
 *
 * - Period, sections: src/domain/analytics/reportPeriod.ts (bad input is BAD_USER_INPUT naming the field, nothing
 *   is written); benchmark: ./benchmark.ts.
 * - Trades: every fill of the user up to the period's end is matched FIFO (so a lot bought before the period keeps
 *   its cost); the round trips and realised lots counted are those closed within the period. By strategy: each
 *   strategy's fills (trades' strategyId, "manual" for none) matched FIFO on their own, as strategyPerformance does;
 *   each labelled with the user's strategy's name ("Manual trades", or "Deleted strategy" for an id no longer theirs).
 * - Trade statistics carry the win/loss and holding-time distributions (src/domain/analytics/distributions.ts).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import * as z from 'zod';
import { matchRoundTrips, liveFillOfTrade, type LiveFill } from '../../../src/domain/backtest/livePerformance';
import { holdingDistribution, returnDistribution } from '../../../src/domain/analytics/distributions';
import { pnlBetween } from '../../../src/domain/analytics/periods';
import {
  benchmarkSeries,
  groupedPnl,
  monthlyReturnsTable,
  pnlByKey,
  type ReportGrouping,
} from '../../../src/domain/analytics/report';
import {
  ReportInputError,
  resolveReportPeriod,
  type ReportPeriodInput,
  type ReportSection,
} from '../../../src/domain/analytics/reportPeriod';
import { chainReturns, dailyReturns } from '../../../src/domain/analytics/returns';
import { riskMetrics } from '../../../src/domain/analytics/riskMetrics';
import { realisedGains, tradeStatistics } from '../../../src/domain/analytics/trades';
import { moneyWeightedReturn } from '../../../src/domain/analytics/xirr';
import { easternDayNumber, easternTime, isoDate } from '../../../src/domain/market/calendar';
import type { Instrument } from '../../../src/domain/market/universe';
import type { Database } from '../../db/client';
import { strategies, trades } from '../../db/schema';
import {
  badInputField,
  benchmarkCloses,
  checkRiskFreeRate,
  benchmarkName,
  equityPoints,
  type CandleSource,
} from './benchmark';

export interface PerformanceReportInput extends ReportPeriodInput {
  benchmark?: string | null;
  grouping?: ReportGrouping | null;
  riskFreeRate?: number | null;
}

export interface PerformanceReportDeps {
  db: Database;
  market: CandleSource;
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  now: () => Date;
}

type StrategyFill = LiveFill & { strategyId: string | null };

async function fillsUpTo(db: Database, userId: string, endDay: number): Promise<StrategyFill[]> {
  const rows = await db
    .select()
    .from(trades)
    .where(and(eq(trades.userId, userId), lte(trades.createdAt, new Date(easternTime(endDay + 1, 0)))))
    .orderBy(asc(trades.createdAt), asc(trades.seq));
  return rows.map((row) => ({ ...liveFillOfTrade(row), strategyId: row.strategyId }));
}

/** The names of the user's strategies among `keys` (ids that are not uuids, such as 'manual', are not looked up). */
async function strategyNames(db: Database, userId: string, keys: readonly string[]): Promise<Map<string, string>> {
  const ids = keys.filter((key) => z.uuid().safeParse(key).success);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: strategies.id, name: strategies.name })
    .from(strategies)
    .where(and(eq(strategies.userId, userId), inArray(strategies.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function createPerformanceReport(deps: PerformanceReportDeps) {
  /** `account`: the daily equity series to read (default: the one the user trades now). */
  return async function performanceReport(userId: string, input: PerformanceReportInput = {}, account?: string) {
    const today = easternDayNumber(deps.now().getTime());
    let period;
    try {
      period = resolveReportPeriod(input, today);
    } catch (error) {
      if (error instanceof ReportInputError) throw badInputField(error.field, error.message);
      throw error;
    }
    const riskFreeRate = input.riskFreeRate ?? 0;
    checkRiskFreeRate(riskFreeRate);
    const instruments = await deps.instruments();
    const benchmark = benchmarkName(input.benchmark, instruments);
    const grouping = input.grouping ?? 'DAY';
    const { startDay, endDay, sections } = period;
    const has = (section: ReportSection) => sections.has(section);
    const needsTrades = has('trades') || has('symbols') || has('strategies') || has('realisedGains');

    const [points, fills] = await Promise.all([
      equityPoints(deps.db, userId, isoDate(startDay), isoDate(endDay), account),
      needsTrades ? fillsUpTo(deps.db, userId, endDay) : Promise.resolve([]),
    ]);
    const needsBenchmark = (has('equity') || has('metrics')) && points.length > 1;
    const closes = needsBenchmark
      ? await benchmarkCloses(deps.market, instruments, benchmark, today - points[0]!.day + 2)
      : new Map<number, number>();
    const inPeriod = (time: number) => {
      const day = easternDayNumber(time);
      return day >= startDay && day <= endDay;
    };
    const trips = needsTrades ? matchRoundTrips(fills).filter((t) => inPeriod(t.exitTime)) : [];
    const first = points[0];
    const last = points[points.length - 1];

    const byStrategy = async () => {
      const groups = new Map<string, StrategyFill[]>();
      for (const fill of fills) {
        const key = fill.strategyId ?? 'manual';
        const group = groups.get(key);
        if (group) group.push(fill);
        else groups.set(key, [fill]);
      }
      const rows = pnlByKey(
        [...groups].flatMap(([key, group]) =>
          matchRoundTrips(group)
            .filter((t) => inPeriod(t.exitTime))
            .map((t) => ({ ...t, symbol: key })),
        ),
        (t) => t.symbol,
      );
      const names = await strategyNames(
        deps.db,
        userId,
        rows.map((row) => row.key),
      );
      const label = (key: string) => (key === 'manual' ? 'Manual trades' : (names.get(key) ?? 'Deleted strategy'));
      return rows.map((row) => ({ ...row, label: label(row.key) }));
    };
    const gains = () => {
      const lots = realisedGains(fills).lots.filter((lot) => inPeriod(lot.soldAt));
      const sum = (term: string | null) =>
        lots.filter((l) => term === null || l.term === term).reduce((s, l) => s + l.gain, 0);
      return { lots, shortTerm: sum('SHORT'), longTerm: sum('LONG'), total: sum(null) };
    };

    return {
      start: isoDate(startDay),
      end: isoDate(endDay),
      benchmark,
      grouping,
      sections: [...sections],
      summary: has('summary')
        ? {
            days: points.length,
            startEquity: first?.equity ?? null,
            endEquity: last?.equity ?? null,
            netDeposits: first && last ? last.netDeposits - first.netDeposits : null,
            pnl: first && last && points.length > 1 ? pnlBetween(first, last) : null,
            timeWeightedReturn: points.length > 1 ? chainReturns(dailyReturns(points)) : null,
            moneyWeightedReturn: moneyWeightedReturn(points),
            reason: points.length > 1 ? null : 'At least two recorded days are needed in the period',
          }
        : null,
      equity: has('equity')
        ? (() => {
            const bench = benchmarkSeries(points, closes);
            return points.map((p, i) => ({ date: isoDate(p.day), equity: p.equity, benchmark: bench[i] ?? null }));
          })()
        : null,
      pnl: has('pnl') ? groupedPnl(points, grouping) : null,
      monthlyReturns: has('monthlyReturns') ? monthlyReturnsTable(points) : null,
      metrics: has('metrics') ? riskMetrics(points, startDay, closes, riskFreeRate) : null,
      trades: has('trades')
        ? {
            ...tradeStatistics(trips),
            returnDistribution: returnDistribution(trips),
            holdingDistribution: holdingDistribution(trips),
          }
        : null,
      symbols: has('symbols') ? pnlByKey(trips, (t) => t.symbol).map((row) => ({ ...row, label: row.key })) : null,
      strategies: has('strategies') ? await byStrategy() : null,
      realisedGains: has('realisedGains') ? gains() : null,
    };
  };
}

export type PerformanceReportResult = Awaited<ReturnType<ReturnType<typeof createPerformanceReport>>>;
