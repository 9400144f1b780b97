import { describe, expect, it } from 'vitest';
import { analyticsPortfolioQuery, analyticsReportQuery } from './queries';

describe('analytics queries', () => {
  it("are kept per trading mode (the server reads that mode's account), the analysis per risk window", () => {
    expect(analyticsReportQuery('ONE_YEAR', 'paper').queryKey).toEqual(['analytics', 'report', 'ONE_YEAR', 'paper']);
    expect(analyticsReportQuery('ONE_YEAR', 'live').queryKey).toEqual(['analytics', 'report', 'ONE_YEAR', 'live']);
    // YTD reads the one-year risk window: one analysis for both periods.
    expect(analyticsPortfolioQuery('YTD', 'live').queryKey).toEqual(['analytics', 'analysis', 'ONE_YEAR', 'live']);
  });
});
