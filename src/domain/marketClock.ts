/**
 * US equity market clock (NYSE/Nasdaq), computed from an instant alone: no I/O, no time-zone library.
 * Sessions in America/New_York local time on trading days: pre-market 04:00–09:30, regular 09:30–16:00
 * (13:00 on early-close days), after-hours from the close until 20:00 (17:00 on early-close days).
 * Trading days, holidays, early closes and daylight saving come from the rule-based calendar in
 * ./market/calendar, the one source of market dates for the clock and the simulator.
 */
import {
  easternDayNumber,
  easternTime,
  isEarlyClose,
  isTradingDayNumber,
  nextClose,
  nextOpen,
  sessionCloseOf,
  sessionOpenOf,
} from './market/calendar';

export type MarketStatus = 'PRE_MARKET' | 'OPEN' | 'AFTER_HOURS' | 'CLOSED';

export interface MarketClock {
  status: MarketStatus;
  /** Start of the next regular session strictly after now (while open: the next trading day's). */
  nextOpen: Date;
  /** End of the current regular session when open, otherwise of the session starting at nextOpen. */
  nextClose: Date;
}

const PRE_MARKET_OPEN_MINUTES = 4 * 60;
const AFTER_HOURS_END_MINUTES = 20 * 60;
const EARLY_CLOSE_AFTER_HOURS_END_MINUTES = 17 * 60;

function statusAt(t: number): MarketStatus {
  const day = easternDayNumber(t);
  if (!isTradingDayNumber(day)) return 'CLOSED';
  const afterHoursEnd = isEarlyClose(day) ? EARLY_CLOSE_AFTER_HOURS_END_MINUTES : AFTER_HOURS_END_MINUTES;
  if (t < easternTime(day, PRE_MARKET_OPEN_MINUTES)) return 'CLOSED';
  if (t < sessionOpenOf(day)) return 'PRE_MARKET';
  if (t < sessionCloseOf(day)) return 'OPEN';
  if (t < easternTime(day, afterHoursEnd)) return 'AFTER_HOURS';
  return 'CLOSED';
}

/** The market's status at `now` and the next regular-session open and close. */
export function marketClock(now: Date): MarketClock {
  const t = now.getTime();
  return { status: statusAt(t), nextOpen: new Date(nextOpen(t + 1)), nextClose: new Date(nextClose(t)) };
}
