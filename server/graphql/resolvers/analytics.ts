import type { QueryResolvers } from '../generated/resolvers';
import { DAY_MS } from '../../../src/domain/market/calendar';
import { isoDate } from '../../services/analytics/dailyEquity';

/** A point's time (day × DAY_MS, ../../services/analytics/benchmark.ts) as 'YYYY-MM-DD'. */
const dateOf = (time: number | null) => (time === null ? null : isoDate(Math.round(time / DAY_MS)));
const dayDate = (day: number | null) => (day === null ? null : isoDate(day));

export const analyticsQueries: Pick<QueryResolvers, 'portfolioAnalysis'> = {
  portfolioAnalysis: async (_parent, args, { user, services }) => {
    const result = await services.analytics.portfolioAnalysis(user.id, args);
    const { riskMetrics: risk } = result;
    return {
      ...result,
      riskMetrics: {
        ...risk,
        window: result.window,
        benchmark: result.benchmark,
        historicalVaR: risk.historical,
        parametricVaR: risk.parametric,
        maxDrawdown: risk.maxDrawdown && {
          depth: risk.maxDrawdown.depth,
          start: dateOf(risk.maxDrawdown.start),
          trough: dateOf(risk.maxDrawdown.trough),
          recovery: dateOf(risk.maxDrawdown.recovery),
        },
      },
      performance: result.performance.map((p) => ({
        ...p,
        startDate: dayDate(p.startDay),
        endDate: dayDate(p.endDay),
      })),
    };
  },
};
