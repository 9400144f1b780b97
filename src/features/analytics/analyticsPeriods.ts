import type { ReportPreset } from '../../graphql/generated/graphql';

/**
 * The report periods (schema ReportPreset) with their names: the Analytics period picker's, shared by the tabs and
 * kept in `?period=`; the Custom reports builder says them as "Last …" (reportLabels.ts).
 */
export const ANALYTICS_PERIODS = {
  ONE_MONTH: '1 month',
  THREE_MONTHS: '3 months',
  SIX_MONTHS: '6 months',
  YTD: 'Year to date',
  ONE_YEAR: '1 year',
  THREE_YEARS: '3 years',
  FIVE_YEARS: '5 years',
  ALL: 'All history',
} as const satisfies Record<ReportPreset, string>;

export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;

export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'ONE_YEAR';

export function isAnalyticsPeriod(value: unknown): value is AnalyticsPeriod {
  return typeof value === 'string' && Object.hasOwn(ANALYTICS_PERIODS, value);
}

/** The `?period=` value as a period: an unknown or missing one is the default (one year). */
export function analyticsPeriodOf(value: string | undefined): AnalyticsPeriod {
  return isAnalyticsPeriod(value) ? value : DEFAULT_ANALYTICS_PERIOD;
}
