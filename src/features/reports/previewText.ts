/** What one bar of the preview's P&L chart stands for (its summary: analytics/analyticsFormat.ts pnlBarsSummary). */

const UNITS = { DAY: 'day', WEEK: 'week', MONTH: 'month' } as const;

/** 'day', 'week' or 'month': what one P&L bar stands for. */
export function groupingUnit(grouping: keyof typeof UNITS): string {
  return UNITS[grouping];
}
