import { describe, expect, it } from 'vitest';
import { PORTFOLIO_HEADING, staticHeading } from './pageHeadings';

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

  it('gives the Portfolio heading, and keeps a stock path with a trailing slash or a malformed escape', () => {
    expect(staticHeading('/portfolio')).toEqual(PORTFOLIO_HEADING);
    expect(staticHeading('/stocks/nvda/')?.title).toBe('Stock details: NVDA');
    expect(staticHeading('/stocks/%E0%A4%A')?.title).toBe('Stock details: %E0%A4%A');
    expect(staticHeading('/stocks/BRK%2EB')?.title).toBe('Stock details: BRK.B');
  });

  it('gives no heading on pages it does not know', () => {
    expect(staticHeading('/settings')).toBeNull();
    expect(staticHeading('/stocks/AAPL/news')).toBeNull();
  });
});
