import { describe, expect, it } from 'vitest';
import { analyticsPortfolioQuery, analyticsReportQuery, cacheKeyOf } from './queries';

describe('analytics queries', () => {
  it("are kept per trading mode (the server reads that mode's account), the analysis per risk window", () => {
    expect(analyticsReportQuery('ONE_YEAR', 'paper').queryKey).toEqual(['analytics', 'report', 'ONE_YEAR', 'paper']);
    expect(analyticsReportQuery('ONE_YEAR', 'live').queryKey).toEqual(['analytics', 'report', 'ONE_YEAR', 'live']);
    // YTD reads the one-year risk window: one analysis for both periods.
    expect(analyticsPortfolioQuery('YTD', 'live').queryKey).toEqual(['analytics', 'analysis', 'ONE_YEAR', 'live']);
  });

  it('keep their offline answers in Dexie per trading mode too, so offline after a switch shows no other account', () => {
    const dexieKey = (query: { queryKey: readonly string[] }) => cacheKeyOf(query.queryKey);
    expect(dexieKey(analyticsReportQuery('THREE_MONTHS', 'paper'))).toBe('report:THREE_MONTHS:paper');
    expect(dexieKey(analyticsReportQuery('THREE_MONTHS', 'live'))).toBe('report:THREE_MONTHS:live');
    expect(dexieKey(analyticsPortfolioQuery('YTD', 'paper'))).toBe('analysis:ONE_YEAR:paper');
    expect(dexieKey(analyticsPortfolioQuery('YTD', 'live'))).toBe('analysis:ONE_YEAR:live');
  });
});
