// In the first download (the route's validateSearch): keep it small; the periods' list lives in ./analyticsPeriods.ts.

/** The tabs of the Analytics page, selected by `?tab=` (the pnl-analysis, trading-metrics and risk-analytics redirects). */
export const ANALYTICS_TABS = ['pnl', 'metrics', 'risk'] as const;

export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export const DEFAULT_ANALYTICS_TAB: AnalyticsTab = 'pnl';

export interface AnalyticsSearch {
  tab?: AnalyticsTab;
  /** A ReportPreset; the page reads an unknown one as its default period (./analyticsPeriods.ts). */
  period?: string;
}

export function isAnalyticsTab(value: unknown): value is AnalyticsTab {
  return typeof value === 'string' && (ANALYTICS_TABS as readonly string[]).includes(value);
}

/** validateSearch of /analytics: a known tab is kept (else the page shows P&L), and the period when it is text. */
export function parseAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  return {
    ...(isAnalyticsTab(search.tab) ? { tab: search.tab } : {}),
    ...(typeof search.period === 'string' ? { period: search.period } : {}),
  };
}
