import { queryOptions } from '@tanstack/react-query';
import { readThrough } from '../../data/analyticsCache';
import { gqlRequest } from '../../graphql/client';
import { isNetworkError } from '../../graphql/errors';
import {
  AnalyticsPortfolioDocument,
  AnalyticsReportDocument,
  type RiskWindow,
  type TradingMode,
} from '../../graphql/generated/graphql';
import type { AnalyticsPeriod } from './analyticsPeriods';

/** A minute: the history moves once a day, positions with trades (the page refetches on focus). */
const ANALYTICS_STALE_TIME_MS = 60_000;

/**
 * The portfolio analysis window of a period (holdings' correlations): the same span where RiskWindow has it, the
 * year for YTD, the whole history for five years.
 */
export const PERIOD_RISK_WINDOW: Record<AnalyticsPeriod, RiskWindow> = {
  ONE_MONTH: 'ONE_MONTH',
  THREE_MONTHS: 'THREE_MONTHS',
  SIX_MONTHS: 'SIX_MONTHS',
  YTD: 'ONE_YEAR',
  ONE_YEAR: 'ONE_YEAR',
  THREE_YEARS: 'THREE_YEARS',
  FIVE_YEARS: 'ALL',
  ALL: 'ALL',
};

/**
 * The server reads the account of the user's trading mode (live while trading live, else paper): the mode is in the
 * keys, so after a switch the page asks again instead of showing the other account's figures from memory, and Dexie
 * keeps the last answer per mode (its key is the query key, cacheKeyOf) so offline shows the same account's.
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  reports: () => [...analyticsKeys.all, 'report'] as const,
  report: (period: AnalyticsPeriod, mode: TradingMode) => [...analyticsKeys.reports(), period, mode] as const,
  analyses: () => [...analyticsKeys.all, 'analysis'] as const,
  analysis: (period: AnalyticsPeriod, mode: TradingMode) =>
    [...analyticsKeys.analyses(), PERIOD_RISK_WINDOW[period], mode] as const,
};

/** The Dexie key of an analytics query: its key after 'analytics' ("report:ONE_YEAR:live"), so it carries the mode. */
export function cacheKeyOf(queryKey: readonly string[]): string {
  return queryKey.slice(1).join(':');
}

/**
 * A query whose answers Dexie keeps under its key (cacheKeyOf; src/data/analyticsCache.ts readThrough): offline, the
 * last one read with the time it was read. Dexie is these answers' one offline store: they are not in the persisted
 * query cache (`persist: false`), so offline the page always says when it read them.
 */
function readThroughQuery<T, K extends readonly string[]>(queryKey: K, fetch: () => Promise<T>) {
  return queryOptions({
    queryKey,
    meta: { persist: false },
    staleTime: ANALYTICS_STALE_TIME_MS,
    queryFn: () => readThrough(cacheKeyOf(queryKey), fetch, isNetworkError),
  });
}

/** The period's performance report (every section, by day, against the index), kept for offline reading. */
export function analyticsReportQuery(period: AnalyticsPeriod, mode: TradingMode) {
  return readThroughQuery(analyticsKeys.report(period, mode), async () => {
    const data = await gqlRequest(AnalyticsReportDocument, { input: { preset: period, grouping: 'DAY' } });
    return data.performanceReport;
  });
}

/** The portfolio analysis over the period's risk window (concentration, correlations), kept the same way. */
export function analyticsPortfolioQuery(period: AnalyticsPeriod, mode: TradingMode) {
  const window = PERIOD_RISK_WINDOW[period];
  return readThroughQuery(analyticsKeys.analysis(period, mode), async () => {
    const data = await gqlRequest(AnalyticsPortfolioDocument, { window });
    return data.portfolioAnalysis;
  });
}
