/**
 * The analytics queries the resolvers call (issue 15 points 3 and 4), on the user's broker (paper or live); each
 * answer says whose daily equity history it read (`account`: 'live' while the user trades live, else 'paper':
 * ./dailyEquity.ts `tradingAccount`).
 */
import type { Instrument } from '../../../src/domain/market/universe';
import type { Database } from '../../db/client';
import type { BrokerProvider } from '../brokers';
import type { CandleSource } from './benchmark';
import { createPerformanceReport } from './performanceReport';
import { PAPER_ACCOUNT } from '../../db/schema';
import { tradingAccount } from './dailyEquity';
import { createPortfolioAnalysis } from './portfolioAnalysis';

export interface AnalyticsDeps {
  db: Database;
  market: CandleSource;
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  broker: Pick<BrokerProvider, 'portfolio'>;
  now: () => Date;
}

/** `query`'s answer over the account the user trades now (looked up once), with its kind. */
function withAccount<I, R extends object>(
  db: Database,
  query: (userId: string, input: I | undefined, account: string) => Promise<R>,
) {
  return async (userId: string, input?: I) => {
    const account = await tradingAccount(db, userId);
    const result = await query(userId, input, account);
    return { ...result, account: account === PAPER_ACCOUNT ? ('paper' as const) : ('live' as const) };
  };
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  return {
    portfolioAnalysis: withAccount(
      deps.db,
      createPortfolioAnalysis({
        db: deps.db,
        market: deps.market,
        instruments: deps.instruments,
        portfolio: (userId) => deps.broker.portfolio(userId),
        now: deps.now,
      }),
    ),
    performanceReport: withAccount(deps.db, createPerformanceReport(deps)),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
