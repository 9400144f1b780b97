import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  dailyPnlSummary,
  equitySummary,
  heatShade,
  histogramSummary,
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

  it('says where equity and daily P&L went', () => {
    expect(
      equitySummary([
        { date: '2026-11-02', equity: 1000, benchmark: 1000 },
        { date: '2026-11-03', equity: 1100, benchmark: 990 },
      ]),
    ).toBe(
      'Equity from $1,000.00 on 2026-11-02 to $1,100.00 on 2026-11-03. The benchmark, scaled to the same start, ended at $990.00.',
    );
    expect(equitySummary([])).toBe('No recorded equity in this period.');
    expect(
      dailyPnlSummary([
        { date: 'a', pnl: 5 },
        { date: 'b', pnl: -2 },
        { date: 'c', pnl: 0 },
      ]),
    ).toBe('3 days, 1 up and 2 flat or down; best +$5.00 on a, worst −$2.00 on b.');
  });
});
