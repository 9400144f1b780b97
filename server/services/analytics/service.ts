/** The analytics queries the resolvers call (issue 15 points 3 and 4), on the user's broker (paper or live). */
import type { Instrument } from '../../../src/domain/market/universe';
import type { Database } from '../../db/client';
import type { BrokerProvider } from '../brokers';
import type { CandleSource } from './benchmark';
import { createPerformanceReport } from './performanceReport';
import { createPortfolioAnalysis } from './portfolioAnalysis';

export interface AnalyticsDeps {
  db: Database;
  market: CandleSource;
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  broker: Pick<BrokerProvider, 'portfolio'>;
  now: () => Date;
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  return {
    portfolioAnalysis: createPortfolioAnalysis({
      db: deps.db,
      market: deps.market,
      instruments: deps.instruments,
      portfolio: (userId) => deps.broker.portfolio(userId),
      now: deps.now,
    }),
    performanceReport: createPerformanceReport(deps),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
