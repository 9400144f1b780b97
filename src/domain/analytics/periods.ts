/**
 * Performance over the standard windows (issue 15 point 3; pure).
 *
 * Rules:
 * - The history is one point per recorded trading day, ascending, `day` the day number (days since 1970-01-01)
 *   and equity/netDeposits as in ./returns.ts.
 * - Each window ends at the last point and starts at a base point: 1D the point before the last; 1W, 1M, 3M, 1Y the
 *   last point on or before the last day minus 7 days, 1, 3 or 12 calendar months (a day past the month's end is
 *   its last day); YTD the last point on or before 31 December of the previous year; ALL the first point.
 * - TWR: the chained flow-neutral daily returns after the base (./returns.ts); P&L = (E_end − E_base) −
 *   (D_end − D_base), the change of equity that deposits do not explain.
 * - No base point (the history starts after the window's start, or has fewer than two points): TWR and P&L null,
 *   with the reason.
 */
import { dateOfDayNumber, dayNumberOf } from '../market/calendar';
import { chainReturns, dailyReturns, type EquityPoint } from './returns';

export interface DayPoint extends EquityPoint {
  day: number;
}

export const PERFORMANCE_WINDOWS = ['1D', '1W', '1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export type PerformanceWindow = (typeof PERFORMANCE_WINDOWS)[number];

export interface WindowPerformance {
  window: PerformanceWindow;
  /** The base day (day number) and the last day; null without a base. */
  startDay: number | null;
  endDay: number | null;
  twr: number | null;
  pnl: number | null;
  /** Why the figures are null (null when they are not). */
  reason: string | null;
}

/** The day number `months` calendar months before `day` (clamped to the target month's last day). */
export function monthsBefore(day: number, months: number): number {
  const { year, month, day: dom } = dateOfDayNumber(day);
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const lastOfMonth = dayNumberOf(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - 1;
  return Math.min(dayNumberOf(y, m, 1) + dom - 1, lastOfMonth);
}

/** The day a window's base must be on or before (null: the first point / the point before the last). */
export function windowStartDay(window: PerformanceWindow, lastDay: number): number | null {
  switch (window) {
    case '1W':
      return lastDay - 7;
    case '1M':
      return monthsBefore(lastDay, 1);
    case '3M':
      return monthsBefore(lastDay, 3);
    case '1Y':
      return monthsBefore(lastDay, 12);
    case 'YTD':
      return dayNumberOf(dateOfDayNumber(lastDay).year, 1, 1) - 1;
    default:
      return null;
  }
}

/** Index of the last point with day ≤ `day` (−1 if none); points ascending. */
export function lastIndexOnOrBefore(points: readonly DayPoint[], day: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.day <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Profit and loss between two points: the equity change not explained by deposits. */
export function pnlBetween(base: EquityPoint, end: EquityPoint): number {
  return end.equity - base.equity - (end.netDeposits - base.netDeposits);
}

export function windowPerformance(history: readonly DayPoint[], window: PerformanceWindow): WindowPerformance {
  const empty = (reason: string): WindowPerformance => ({
    window,
    startDay: null,
    endDay: null,
    twr: null,
    pnl: null,
    reason,
  });
  if (history.length < 2) return empty('At least two recorded days are needed');
  const last = history.length - 1;
  const start = windowStartDay(window, history[last]!.day);
  const baseIndex = window === 'ALL' ? 0 : window === '1D' ? last - 1 : lastIndexOnOrBefore(history, start!);
  if (baseIndex < 0) return empty(`The history starts after the window's start`);
  const slice = history.slice(baseIndex);
  return {
    window,
    startDay: history[baseIndex]!.day,
    endDay: history[last]!.day,
    twr: chainReturns(dailyReturns(slice)),
    pnl: pnlBetween(history[baseIndex]!, history[last]!),
    reason: null,
  };
}

/** The performance of every standard window. */
export function performanceWindows(history: readonly DayPoint[]): WindowPerformance[] {
  return PERFORMANCE_WINDOWS.map((window) => windowPerformance(history, window));
}
