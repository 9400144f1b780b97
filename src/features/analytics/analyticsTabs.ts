/** The tabs of the Analytics page, selected by `?tab=` (the pnl-analysis, trading-metrics and risk-analytics redirects). */
export const ANALYTICS_TABS = ['pnl', 'metrics', 'risk'] as const;

export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export const DEFAULT_ANALYTICS_TAB: AnalyticsTab = 'pnl';

export interface AnalyticsSearch {
  tab?: AnalyticsTab;
}

export function isAnalyticsTab(value: unknown): value is AnalyticsTab {
  return typeof value === 'string' && (ANALYTICS_TABS as readonly string[]).includes(value);
}

/** validateSearch of /analytics: a known tab is kept, anything else dropped (the page then shows P&L). */
export function parseAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  return isAnalyticsTab(search.tab) ? { tab: search.tab } : {};
}
