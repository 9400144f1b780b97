import { describe, expect, it } from 'vitest';
import { analyticsPeriodOf } from './analyticsPeriods';
import { parseAnalyticsSearch } from './analyticsTabs';

describe('parseAnalyticsSearch', () => {
  it('keeps a known tab', () => {
    expect(parseAnalyticsSearch({ tab: 'pnl' })).toEqual({ tab: 'pnl' });
    expect(parseAnalyticsSearch({ tab: 'metrics' })).toEqual({ tab: 'metrics' });
    expect(parseAnalyticsSearch({ tab: 'risk' })).toEqual({ tab: 'risk' });
  });

  it('drops a missing or unknown tab', () => {
    expect(parseAnalyticsSearch({})).toEqual({});
    expect(parseAnalyticsSearch({ tab: 'RISK' })).toEqual({});
    expect(parseAnalyticsSearch({ tab: 3 })).toEqual({});
  });

  it('keeps the period beside the tab, read as one year when unknown', () => {
    expect(parseAnalyticsSearch({ tab: 'risk', period: 'YTD' })).toEqual({ tab: 'risk', period: 'YTD' });
    expect(parseAnalyticsSearch({ period: 5 })).toEqual({});
    expect(analyticsPeriodOf('YTD')).toBe('YTD');
    expect(analyticsPeriodOf('ALL')).toBe('ALL');
    expect(analyticsPeriodOf('TEN_YEARS')).toBe('ONE_YEAR');
    expect(analyticsPeriodOf('toString')).toBe('ONE_YEAR');
    expect(analyticsPeriodOf(undefined)).toBe('ONE_YEAR');
  });
});
