import { describe, expect, it } from 'vitest';
import { equitySummary, pnlBarsSummary } from './previewText';

describe("the preview charts' text summaries", () => {
  it('P&L bars: how many up and down, the best and the worst with their dates', () => {
    const bars = [
      { date: '2026-11-02', pnl: 120.5 },
      { date: '2026-11-09', pnl: -40 },
      { date: '2026-11-16', pnl: 0 },
    ];
    expect(pnlBarsSummary(bars, 'week')).toBe(
      'P&L per week: 3 weeks, 1 up and 1 down; best +$120.50 (2026-11-02), worst −$40.00 (2026-11-09).',
    );
    expect(pnlBarsSummary([], 'day')).toBe('No P&L per day in this period.');
  });

  it('equity: its change over the period and the benchmark’s, from their first known values', () => {
    const points = [
      { date: '2026-01-02', equity: 100_000, benchmark: null },
      { date: '2026-01-05', equity: 101_000, benchmark: 100_000 },
      { date: '2026-06-30', equity: 110_000, benchmark: 105_000 },
    ];
    expect(equitySummary(points, 'INDEX')).toBe('Equity from 2026-01-02 to 2026-06-30: +10.00%; the index +5.00%.');
    expect(
      equitySummary(
        points.map((point) => ({ ...point, benchmark: null })),
        'SPY',
      ),
    ).toBe('Equity from 2026-01-02 to 2026-06-30: +10.00%.');
    expect(equitySummary([], 'SPY')).toBe('No recorded equity in this period.');
  });
});
