/**
 * The series and tables of a performance report (issue 15 point 4; pure). Points are the daily equity history
 * (./periods.ts DayPoint), ascending, within the period.
 *
 * Rules:
 * - A day's P&L is (E_t − E_{t−1}) − F_t (the change deposits do not explain, ./periods.ts pnlBetween); its return
 *   the flow-neutral r_t (./returns.ts). The first point is the base: it has no P&L of its own.
 * - Grouping: DAY, WEEK (Monday to Sunday, keyed by the Monday) or MONTH (keyed by the 1st). A period's P&L is the
 *   sum of its days', its return the chained returns of its days.
 * - Monthly-returns table: one row per calendar year with 12 months (null for a month without a return) and the
 *   year's chained return.
 * - Benchmark series: the benchmark's close scaled to the first point's equity, E_0 × close_t / close_0 (null on
 *   a day without a close, or all null when the first day has none).
 * - P&L by key: round trips' P&L summed per key (symbol), with their count, heaviest |P&L| first.
 */
import type { RoundTrip } from '../backtest/livePerformance';
import { dateOfDayNumber, dayNumberOf, weekdayOf } from '../market/calendar';
import { pnlBetween, type DayPoint } from './periods';
import { chainReturns, dailyReturns } from './returns';

export type ReportGrouping = 'DAY' | 'WEEK' | 'MONTH';

export interface PeriodPnl {
  /** Day number of the period's key (the day, the Monday, the 1st of the month). */
  day: number;
  pnl: number;
  return: number;
}

export interface YearReturns {
  year: number;
  /** January first; null: no return that month. */
  months: (number | null)[];
  total: number;
}

export interface KeyPnl {
  key: string;
  pnl: number;
  trades: number;
}

/** The key day of `day`'s period. */
export function periodKey(day: number, grouping: ReportGrouping): number {
  if (grouping === 'DAY') return day;
  if (grouping === 'WEEK') return day - ((weekdayOf(day) + 6) % 7);
  const { year, month } = dateOfDayNumber(day);
  return dayNumberOf(year, month, 1);
}

export function groupedPnl(points: readonly DayPoint[], grouping: ReportGrouping): PeriodPnl[] {
  const returns = dailyReturns(points);
  const out: PeriodPnl[] = [];
  let growth = 1;
  for (let t = 1; t < points.length; t++) {
    const key = periodKey(points[t]!.day, grouping);
    let last = out[out.length - 1];
    if (!last || last.day !== key) {
      growth = 1;
      out.push((last = { day: key, pnl: 0, return: 0 }));
    }
    last.pnl += pnlBetween(points[t - 1]!, points[t]!);
    growth *= 1 + returns[t - 1]!;
    last.return = growth - 1;
  }
  return out;
}

export function monthlyReturnsTable(points: readonly DayPoint[]): YearReturns[] {
  const rows: YearReturns[] = [];
  for (const month of groupedPnl(points, 'MONTH')) {
    const { year, month: m } = dateOfDayNumber(month.day);
    let row = rows[rows.length - 1];
    if (!row || row.year !== year) rows.push((row = { year, months: Array<number | null>(12).fill(null), total: 0 }));
    row.months[m - 1] = month.return;
  }
  for (const row of rows) row.total = chainReturns(row.months.filter((m): m is number => m !== null));
  return rows;
}

export function benchmarkSeries(points: readonly DayPoint[], closes: ReadonlyMap<number, number>): (number | null)[] {
  const base = points[0] ? closes.get(points[0].day) : undefined;
  return points.map((p) => {
    const close = closes.get(p.day);
    return base && close !== undefined ? (points[0]!.equity * close) / base : null;
  });
}

export function pnlByKey(trips: readonly RoundTrip[], keyOf: (trip: RoundTrip) => string): KeyPnl[] {
  const sums = new Map<string, KeyPnl>();
  for (const trip of trips) {
    const key = keyOf(trip);
    const entry = sums.get(key) ?? { key, pnl: 0, trades: 0 };
    entry.pnl += trip.pnl;
    entry.trades += 1;
    sums.set(key, entry);
  }
  return [...sums.values()].sort((a, b) => Math.abs(b.pnl) - Math.abs(a.pnl) || a.key.localeCompare(b.key));
}
