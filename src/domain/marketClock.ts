/**
 * US equity market clock (NYSE/Nasdaq), computed from an instant alone: no I/O, no time-zone library.
 * Sessions in America/New_York local time on trading days: pre-market 04:00–09:30, regular 09:30–16:00
 * (13:00 on early-close days), after-hours from the close until 20:00 (17:00 on early-close days).
 * Daylight saving comes from Intl.DateTimeFormat with the America/New_York zone.
 */

export type MarketStatus = 'PRE_MARKET' | 'OPEN' | 'AFTER_HOURS' | 'CLOSED';

export interface MarketClock {
  status: MarketStatus;
  /** Start of the next regular session: today's before 09:30 on a trading day, otherwise the next trading day's. */
  nextOpen: Date;
  /** End of the current regular session when open, otherwise of the session starting at nextOpen. */
  nextClose: Date;
}

const TIME_ZONE = 'America/New_York';

const PRE_MARKET_OPEN = 4 * 60;
const REGULAR_OPEN = 9 * 60 + 30;
const REGULAR_CLOSE = 16 * 60;
const EARLY_CLOSE = 13 * 60;
const AFTER_HOURS_END = 20 * 60;
const EARLY_CLOSE_AFTER_HOURS_END = 17 * 60;

/** NYSE full-day closures, 2025–2027 (outside these years only weekends close the market). */
const FULL_DAY_HOLIDAYS: ReadonlySet<string> = new Set([
  // 2025 (Jan 9: national day of mourning for President Carter)
  '2025-01-01',
  '2025-01-09',
  '2025-01-20',
  '2025-02-17',
  '2025-04-18',
  '2025-05-26',
  '2025-06-19',
  '2025-07-04',
  '2025-09-01',
  '2025-11-27',
  '2025-12-25',
  // 2026 (Independence Day observed on Friday Jul 3)
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-04-03',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-11-26',
  '2026-12-25',
  // 2027 (Juneteenth, Independence Day and Christmas observed on Jun 18, Jul 5 and Dec 24)
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-03-26',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-11-25',
  '2027-12-24',
]);

/** NYSE 13:00 closes, 2025–2027: the day before Independence Day (2025 only), the day after Thanksgiving, Christmas Eve. */
const EARLY_CLOSES: ReadonlySet<string> = new Set([
  '2025-07-03',
  '2025-11-28',
  '2025-12-24',
  '2026-11-27',
  '2026-12-24',
  '2027-11-26',
]);

interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const newYorkFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function newYorkWallClock(instant: Date): CivilDate & { hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of newYorkFormat.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

/** New York's offset from UTC at an instant, in milliseconds (−4 h in summer, −5 h in winter). */
function newYorkOffsetMs(epochMs: number): number {
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  const local = newYorkWallClock(new Date(wholeSeconds));
  const localAsUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return localAsUtc - wholeSeconds;
}

/** The instant at which New York's wall clock shows `minutes` after midnight on `date`. */
function newYorkInstant(date: CivilDate, minutes: number): Date {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const firstGuess = wallAsUtc - newYorkOffsetMs(wallAsUtc);
  return new Date(wallAsUtc - newYorkOffsetMs(firstGuess));
}

function dateKey({ year, month, day }: CivilDate): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function addDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function isTradingDay(date: CivilDate): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !FULL_DAY_HOLIDAYS.has(dateKey(date));
}

function closeMinutes(date: CivilDate): number {
  return EARLY_CLOSES.has(dateKey(date)) ? EARLY_CLOSE : REGULAR_CLOSE;
}

function afterHoursEndMinutes(date: CivilDate): number {
  return EARLY_CLOSES.has(dateKey(date)) ? EARLY_CLOSE_AFTER_HOURS_END : AFTER_HOURS_END;
}

function nextTradingDay(date: CivilDate): CivilDate {
  let candidate = addDays(date, 1);
  while (!isTradingDay(candidate)) candidate = addDays(candidate, 1);
  return candidate;
}

function statusAt(date: CivilDate, minutes: number): MarketStatus {
  if (!isTradingDay(date)) return 'CLOSED';
  if (minutes < PRE_MARKET_OPEN) return 'CLOSED';
  if (minutes < REGULAR_OPEN) return 'PRE_MARKET';
  if (minutes < closeMinutes(date)) return 'OPEN';
  if (minutes < afterHoursEndMinutes(date)) return 'AFTER_HOURS';
  return 'CLOSED';
}

/** The market's status at `now` and the next regular-session open and close. */
export function marketClock(now: Date): MarketClock {
  const wall = newYorkWallClock(now);
  const today: CivilDate = { year: wall.year, month: wall.month, day: wall.day };
  const minutes = wall.hour * 60 + wall.minute;
  const status = statusAt(today, minutes);
  const openDay = isTradingDay(today) && minutes < REGULAR_OPEN ? today : nextTradingDay(today);
  const closeDay = status === 'OPEN' ? today : openDay;
  return {
    status,
    nextOpen: newYorkInstant(openDay, REGULAR_OPEN),
    nextClose: newYorkInstant(closeDay, closeMinutes(closeDay)),
  };
}
