import { describe, expect, it } from 'vitest';
import type { RoundTrip } from '../backtest/livePerformance';
import { dayNumberOf, DAY_MS } from '../market/calendar';
import type { DayPoint } from './periods';
import { benchmarkSeries, groupedPnl, monthlyReturnsTable, periodKey, pnlByKey } from './report';
import { MAX_REPORT_YEARS, ReportInputError, resolveReportPeriod } from './reportPeriod';

const d = (y: number, m: number, day: number) => dayNumberOf(y, m, day);
const point = (day: number, equity: number, netDeposits = 1000): DayPoint => ({
  day,
  time: day * DAY_MS,
  equity,
  netDeposits,
});

describe('report period', () => {
  const today = d(2026, 11, 18);

  it('resolves presets and dates', () => {
    expect(resolveReportPeriod({}, today)).toMatchObject({ startDay: d(2025, 11, 18), endDay: today });
    expect(resolveReportPeriod({ preset: 'YTD' }, today).startDay).toBe(d(2026, 1, 1));
    expect(resolveReportPeriod({ start: '2026-02-01', end: '2026-03-31' }, today)).toMatchObject({
      startDay: d(2026, 2, 1),
      endDay: d(2026, 3, 31),
    });
    expect([...resolveReportPeriod({ sections: ['trades'] }, today).sections]).toEqual(['trades']);
    expect(resolveReportPeriod({}, today).sections.size).toBe(9);
  });

  it.each([
    [{ start: '2026-03-01', end: '2026-02-01' }, 'end'],
    [{ start: '2006-11-17', end: '2026-11-18' }, 'start'],
    [{ start: '2026-02-30' }, 'start'],
    [{ end: 'yesterday' }, 'end'],
    [{ preset: 'YTD' as const, start: '2026-01-01' }, 'preset'],
    [{ sections: ['summary', 'gossip'] }, 'sections'],
  ])('refuses %j naming %s', (input, field) => {
    expect(() => resolveReportPeriod(input, today)).toThrow(ReportInputError);
    try {
      resolveReportPeriod(input, today);
    } catch (error) {
      expect((error as ReportInputError).field).toBe(field);
    }
  });

  it('accepts exactly the maximum span', () => {
    expect(resolveReportPeriod({ start: `${2026 - MAX_REPORT_YEARS}-11-18`, end: '2026-11-18' }, today).startDay).toBe(
      d(2006, 11, 18),
    );
  });
});

describe('report series', () => {
  // Mon 2 Feb 2026 … Tue 3 Mar: +10 %, +10 %, then a 100 deposit with 0 %, then −10 %.
  const points = [
    point(d(2026, 1, 30), 1000),
    point(d(2026, 2, 2), 1100),
    point(d(2026, 2, 3), 1210),
    point(d(2026, 3, 2), 1310, 1100),
    point(d(2026, 3, 3), 1179, 1100),
  ];

  it('keys weeks by their Monday and months by their 1st', () => {
    expect(periodKey(d(2026, 2, 8), 'WEEK')).toBe(d(2026, 2, 2)); // a Sunday
    expect(periodKey(d(2026, 2, 2), 'WEEK')).toBe(d(2026, 2, 2));
    expect(periodKey(d(2026, 2, 17), 'MONTH')).toBe(d(2026, 2, 1));
  });

  it('groups P&L and returns by day, week and month', () => {
    expect(groupedPnl(points, 'DAY').map((p) => p.pnl)).toEqual([100, 110, 0, -131]);
    const months = groupedPnl(points, 'MONTH');
    expect(months.map((p) => [p.day, p.pnl])).toEqual([
      [d(2026, 2, 1), 210],
      [d(2026, 3, 1), -131],
    ]);
    expect(months[0]!.return).toBeCloseTo(0.21, 12);
    expect(months[1]!.return).toBeCloseTo(-0.1, 12);
    expect(groupedPnl(points, 'WEEK').map((p) => p.day)).toEqual([d(2026, 2, 2), d(2026, 3, 2)]);
  });

  it('tables the monthly returns by year', () => {
    const [row] = monthlyReturnsTable(points);
    expect(row!.year).toBe(2026);
    expect(row!.months[0]).toBeNull();
    expect(row!.months[1]).toBeCloseTo(0.21, 12);
    expect(row!.months[2]).toBeCloseTo(-0.1, 12);
    expect(row!.total).toBeCloseTo(1.21 * 0.9 - 1, 12);
  });

  it('scales the benchmark to the first equity', () => {
    const closes = new Map([
      [d(2026, 1, 30), 50],
      [d(2026, 2, 2), 55],
      [d(2026, 3, 3), 45],
    ]);
    expect(benchmarkSeries(points, closes)).toEqual([1000, 1100, null, null, 900]);
    expect(benchmarkSeries(points, new Map())).toEqual([null, null, null, null, null]);
  });

  it('sums round trips by key', () => {
    const trip = (symbol: string, pnl: number) => ({ symbol, pnl }) as RoundTrip;
    expect(pnlByKey([trip('A', 5), trip('B', -20), trip('A', 10)], (t) => t.symbol)).toEqual([
      { key: 'B', pnl: -20, trades: 1 },
      { key: 'A', pnl: 15, trades: 2 },
    ]);
  });
});
