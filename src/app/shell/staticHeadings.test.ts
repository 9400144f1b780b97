import { describe, expect, it } from 'vitest';
import { staticHeading } from './staticHeadings';

describe('staticHeading', () => {
  it('gives the Dashboard heading on its three paths', () => {
    for (const path of ['/', '/dashboard', '/overview', '/dashboard/']) {
      expect(staticHeading(path)?.title).toBe('Dashboard');
    }
  });

  it("gives a stock page the ticker's heading in capitals, on both stock paths", () => {
    expect(staticHeading('/stocks/aapl')).toEqual({
      title: 'Stock details: AAPL',
      description: 'Quote, chart, technical analysis and order ticket.',
    });
    expect(staticHeading('/stock/MSFT')?.title).toBe('Stock details: MSFT');
  });

  it('gives no heading on pages it does not know', () => {
    expect(staticHeading('/settings')).toBeNull();
    expect(staticHeading('/stocks/AAPL/news')).toBeNull();
  });
});
