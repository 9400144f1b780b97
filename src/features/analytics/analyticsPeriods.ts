import type { ReportPreset } from '../../graphql/generated/graphql';

/**
 * The report periods (schema ReportPreset) with their names, in the pickers' order: one table for the Analytics
 * period picker (shared by the tabs, kept in `?period=`) and the Custom reports builder and its templates
 * (reportLabels.ts). The presets end today (src/domain/analytics/reportPeriod.ts): "Past month", not "Last month", which
 * would read as the previous calendar month.
 */
export const ANALYTICS_PERIODS = {
  ONE_MONTH: 'Past month',
  THREE_MONTHS: 'Past 3 months',
  SIX_MONTHS: 'Past 6 months',
  YTD: 'Year to date',
  ONE_YEAR: 'Past year',
  THREE_YEARS: 'Past 3 years',
  FIVE_YEARS: 'Past 5 years',
  ALL: 'All history',
} as const satisfies Record<ReportPreset, string>;

export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;

/** The periods as picker options, in order: the Analytics picker's, and the report builder's before 'Custom dates'. */
export const PERIOD_OPTIONS: readonly { value: AnalyticsPeriod; label: string }[] = (
  Object.keys(ANALYTICS_PERIODS) as AnalyticsPeriod[]
).map((value) => ({ value, label: ANALYTICS_PERIODS[value] }));

export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'ONE_YEAR';

export function isAnalyticsPeriod(value: unknown): value is AnalyticsPeriod {
  return typeof value === 'string' && Object.hasOwn(ANALYTICS_PERIODS, value);
}

/** The `?period=` value as a period: an unknown or missing one is the default (one year). */
export function analyticsPeriodOf(value: string | undefined): AnalyticsPeriod {
  return isAnalyticsPeriod(value) ? value : DEFAULT_ANALYTICS_PERIOD;
}
