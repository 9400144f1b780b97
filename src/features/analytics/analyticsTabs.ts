import type { ReportPreset, RiskWindow } from '../../graphql/generated/graphql';

/** The tabs of the Analytics page, selected by `?tab=` (the pnl-analysis, trading-metrics and risk-analytics redirects). */
export const ANALYTICS_TABS = ['pnl', 'metrics', 'risk'] as const;

export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export const DEFAULT_ANALYTICS_TAB: AnalyticsTab = 'pnl';

/** The period picker's presets (schema ReportPreset), shared by the tabs and kept in `?period=`. */
export const ANALYTICS_PERIODS = [
  { value: 'ONE_MONTH', label: '1 month' },
  { value: 'THREE_MONTHS', label: '3 months' },
  { value: 'SIX_MONTHS', label: '6 months' },
  { value: 'YTD', label: 'Year to date' },
  { value: 'ONE_YEAR', label: '1 year' },
  { value: 'THREE_YEARS', label: '3 years' },
  { value: 'FIVE_YEARS', label: '5 years' },
  { value: 'ALL', label: 'All history' },
] as const satisfies readonly { value: ReportPreset; label: string }[];

export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]['value'];

export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'ONE_YEAR';

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

export interface AnalyticsSearch {
  tab?: AnalyticsTab;
  period?: AnalyticsPeriod;
}

export function isAnalyticsTab(value: unknown): value is AnalyticsTab {
  return typeof value === 'string' && (ANALYTICS_TABS as readonly string[]).includes(value);
}

export function isAnalyticsPeriod(value: unknown): value is AnalyticsPeriod {
  return ANALYTICS_PERIODS.some((period) => period.value === value);
}

/** validateSearch of /analytics: a known tab and period are kept, anything else dropped (then P&L over one year). */
export function parseAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  return {
    ...(isAnalyticsTab(search.tab) ? { tab: search.tab } : {}),
    ...(isAnalyticsPeriod(search.period) ? { period: search.period } : {}),
  };
}
