import type { QueryResolvers } from '../generated/resolvers';
import type { RiskMetrics } from '../../../src/domain/analytics/riskMetrics';
import { DAY_MS, HOUR_MS, isoDate } from '../../../src/domain/market/calendar';

/** A point's time (day × DAY_MS, ../../services/analytics/benchmark.ts) as 'YYYY-MM-DD'. */
const dateOf = (time: number | null) => (time === null ? null : isoDate(Math.round(time / DAY_MS)));
const dayDate = (day: number | null) => (day === null ? null : isoDate(day));

/** The schema's RiskMetrics of the domain's figures. */
function riskMetricsView<W extends string>(risk: RiskMetrics, window: W | null, benchmark: string) {
  return {
    ...risk,
    window,
    benchmark,
    historicalVaR: risk.historical,
    parametricVaR: risk.parametric,
    maxDrawdown: risk.maxDrawdown && {
      depth: risk.maxDrawdown.depth,
      start: dateOf(risk.maxDrawdown.start),
      trough: dateOf(risk.maxDrawdown.trough),
      recovery: dateOf(risk.maxDrawdown.recovery),
    },
  };
}

export const analyticsQueries: Pick<QueryResolvers, 'portfolioAnalysis' | 'performanceReport'> = {
  portfolioAnalysis: async (_parent, args, { user, services }) => {
    const result = await services.analytics.portfolioAnalysis(user.id, args);
    return {
      ...result,
      riskMetrics: {
        ...riskMetricsView(result.riskMetrics, result.window, result.benchmark),
        from: result.riskMetrics.from,
        to: result.riskMetrics.to,
      },
      performance: result.performance.map((p) => ({
        ...p,
        startDate: dayDate(p.startDay),
        endDate: dayDate(p.endDay),
      })),
    };
  },
  performanceReport: async (_parent, { input }, { user, services }) => {
    const report = await services.analytics.performanceReport(user.id, input);
    const first = report.equity?.[0]?.date ?? null;
    const last = report.equity?.[report.equity.length - 1]?.date ?? null;
    return {
      ...report,
      pnl: report.pnl && report.pnl.map((p) => ({ ...p, date: isoDate(p.day) })),
      metrics: report.metrics && {
        ...riskMetricsView<never>(report.metrics, null, report.benchmark),
        from: first,
        to: last,
      },
      trades: report.trades && {
        ...report.trades,
        averageHoldingHours: report.trades.averageHoldingMs === null ? null : report.trades.averageHoldingMs / HOUR_MS,
      },
      realisedGains: report.realisedGains && {
        ...report.realisedGains,
        lots: report.realisedGains.lots.map((lot) => ({
          ...lot,
          acquiredAt: new Date(lot.acquiredAt).toISOString(),
          soldAt: new Date(lot.soldAt).toISOString(),
        })),
      },
    };
  },
};
