import { describe, expect, it } from 'vitest';
import {
  accountLabel,
  bucketLabel,
  filledMonths,
  groupingUnit,
  equitySummary,
  heatShade,
  histogramSummary,
  pnlBarsSummary,
  underwater,
  underwaterSummary,
} from './analyticsFormat';

describe('analytics chart words', () => {
  it('labels return and holding-time buckets with their open ends', () => {
    expect(bucketLabel({ from: null, to: -0.1, count: 0 }, 'return')).toBe('< −10%');
    expect(bucketLabel({ from: -0.05, to: -0.02, count: 0 }, 'return')).toBe('−5 to −2%');
    expect(bucketLabel({ from: 0.1, to: null, count: 0 }, 'return')).toBe('≥ 10%');
    expect(bucketLabel({ from: 1, to: 24, count: 0 }, 'hours')).toBe('1h to 1d');
    expect(bucketLabel({ from: 2184, to: 8760, count: 0 }, 'hours')).toBe('91d to 1y');
    expect(bucketLabel({ from: 24, to: 168, count: 0 }, 'hours')).toBe('1 to 7d');
    expect(bucketLabel({ from: 8760, to: null, count: 0 }, 'hours')).toBe('≥ 1y');
  });

  it('summarises a histogram by its fullest bucket and every non-empty one', () => {
    const buckets = [
      { from: null, to: 0, count: 1 },
      { from: 0, to: 0.02, count: 3 },
      { from: 0.02, to: null, count: 0 },
    ];
    expect(histogramSummary(buckets, 'return')).toBe('4 closed trades, most (3) 0 to 2%. < 0%: 1; 0 to 2%: 3.');
    expect(histogramSummary([{ from: null, to: 1, count: 0 }], 'hours')).toBe('No closed trades in this period.');
  });

  it('shades heatmap cells by sign and size in five steps', () => {
    expect(heatShade(0.05, 0.05)).toBe('green.solid/75');
    expect(heatShade(-0.01, 0.05)).toBe('red.solid/15');
    expect(heatShade(0.026, 0.05)).toBe('green.solid/45');
    expect(heatShade(-0.9, 1, ['blue', 'orange'])).toBe('orange.solid/75');
    expect(heatShade(0, 0.05)).toBeUndefined();
    expect(heatShade(null, 0.05)).toBeUndefined();
  });

  it('keeps the months with a return in some year, in calendar order', () => {
    const none = Array<number | null>(12).fill(null);
    const year = (returns: Record<number, number>) => ({ months: none.map((_, m) => returns[m] ?? null) });
    expect(filledMonths([year({ 8: 0.01, 10: -0.02 })])).toEqual([8, 10]);
    expect(filledMonths([year({ 11: 0.01 }), year({ 0: 0, 1: 0.03 })])).toEqual([0, 1, 11]);
    expect(filledMonths([])).toEqual([]);
  });

  it('draws the underwater curve of chained returns and says its deepest point', () => {
    const depths = underwater([0.1, -0.5, 0.5, 0.5]);
    expect(depths.map((d) => Number(d.toFixed(4)))).toEqual([0, -0.5, -0.25, 0]);
    const dates = ['d1', 'd2', 'd3', 'd4'];
    expect(underwaterSummary(depths, dates)).toBe('Deepest 50.00% below the peak on d2; now at the peak.');
    expect(underwaterSummary(depths.slice(0, 3), dates)).toBe(
      'Deepest 50.00% below the peak on d2; now 25.00% below the peak.',
    );
    expect(underwaterSummary([0, 0], dates)).toBe('Never below a previous peak in this period.');
  });

  it('equity: from its first to its last close with its change, and the benchmark’s from its first known value', () => {
    const points = [
      { date: '2026-01-02', equity: 100_000, benchmark: null },
      { date: '2026-01-05', equity: 101_000, benchmark: 100_000 },
      { date: '2026-06-30', equity: 110_000, benchmark: 105_000 },
    ];
    expect(equitySummary(points, 'INDEX')).toBe(
      'Equity from $100,000.00 on 2026-01-02 to $110,000.00 on 2026-06-30 (+10.00%); the market index +5.00%.',
    );
    expect(
      equitySummary(
        points.map((point) => ({ ...point, benchmark: null })),
        'SPY',
      ),
    ).toBe('Equity from $100,000.00 on 2026-01-02 to $110,000.00 on 2026-06-30 (+10.00%).');
    expect(equitySummary([{ date: '2026-01-02', equity: 0, benchmark: null }], 'SPY')).toBe(
      'Equity from $0.00 on 2026-01-02 to $0.00 on 2026-01-02.',
    );
    expect(equitySummary([], 'SPY')).toBe('No recorded equity in this period.');
  });

  it('P&L bars: how many up and down, the best and the worst with their dates', () => {
    const bars = [
      { date: '2026-11-02', pnl: 120.5 },
      { date: '2026-11-09', pnl: -40 },
      { date: '2026-11-16', pnl: 0 },
    ];
    expect(pnlBarsSummary(bars, 'week')).toBe(
      'P&L per week: 3 weeks, 1 up and 1 down; best +$120.50 (2026-11-02), worst −$40.00 (2026-11-09).',
    );
    expect(pnlBarsSummary([{ date: '2026-11-02', pnl: 5 }], 'day')).toBe(
      'P&L per day: 1 day, 1 up and 0 down; best +$5.00 (2026-11-02), worst +$5.00 (2026-11-02).',
    );
    expect(pnlBarsSummary([], 'day')).toBe('No P&L per day in this period.');
    // The report preview's bars are one per its grouping.
    expect([groupingUnit('DAY'), groupingUnit('WEEK'), groupingUnit('MONTH')]).toEqual(['day', 'week', 'month']);
  });

  it('names the account an answer reads, and none when the answer does not say', () => {
    expect(accountLabel('live')).toBe('Live account');
    expect(accountLabel('paper')).toBe('Paper account');
    // An answer stored offline before answers named their account is not labelled as either.
    expect(accountLabel(undefined)).toBeNull();
    expect(accountLabel(null)).toBeNull();
  });
});
