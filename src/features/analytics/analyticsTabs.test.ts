import { describe, expect, it } from 'vitest';
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

  it('keeps a known period beside the tab and drops an unknown one', () => {
    expect(parseAnalyticsSearch({ tab: 'risk', period: 'YTD' })).toEqual({ tab: 'risk', period: 'YTD' });
    expect(parseAnalyticsSearch({ period: 'ALL' })).toEqual({ period: 'ALL' });
    expect(parseAnalyticsSearch({ tab: 'pnl', period: 'TEN_YEARS' })).toEqual({ tab: 'pnl' });
    expect(parseAnalyticsSearch({ period: 'one_year' })).toEqual({});
  });
});
