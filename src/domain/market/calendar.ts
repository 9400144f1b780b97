/**
 * A pure US equity market calendar (NYSE / Nasdaq regular session), all times as epoch milliseconds (UTC).
 *
 * - Regular session 9:30–16:00 America/New_York on trading days (spec §9). Pre-market and after-hours
 *   are not trading time here.
 * - Trading days are weekdays that are not NYSE full-day holidays: New Year's Day, Martin Luther King Jr.
 *   Day, Washington's Birthday, Good Friday, Memorial Day, Juneteenth (from 2022), Independence Day,
 *   Labor Day, Thanksgiving and Christmas, with NYSE's observance rule (Saturday → Friday before, Sunday →
 *   Monday after; New Year's Day on a Saturday is not made up on the previous Friday).
 * - Early closes at 13:00 ET: the day after Thanksgiving, and Christmas Eve and July 3 when they are
 *   ordinary trading days.
 * - One-off closures known since 2010: 2012-10-29/30 (Hurricane Sandy), 2018-12-05 (President G. H. W. Bush)
 *   and 2025-01-09 (President Carter).
 * - For 2025–2027 this agrees with the hand-kept lists in ../marketClock (checked by a test); unlike those
 *   lists the rules here hold for any year, which the multi-year simulated history needs.
 * - Eastern time uses the US daylight-saving rule in force since 2007: EDT (UTC-4) from the second Sunday
 *   of March 02:00 local to the first Sunday of November 02:00 local, EST (UTC-5) otherwise.
 *
 * A "day number" is the count of days since 1970-01-01 of a calendar date (the ET date where it says so).
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Regular session: 09:30 to 16:00 Eastern. */
export const SESSION_OPEN_MINUTES = 9 * 60 + 30;
export const SESSION_CLOSE_MINUTES = 16 * 60;
export const SESSION_MINUTES = SESSION_CLOSE_MINUTES - SESSION_OPEN_MINUTES; // 390
export const EARLY_CLOSE_MINUTES = 13 * 60;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function dateOfDayNumber(dayNumber: number): CalendarDate {
  const d = new Date(dayNumber * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01). */
export function isoDate(dayNumber: number): string {
  const { year, month, day } = dateOfDayNumber(dayNumber);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The day number of 'YYYY-MM-DD' (or of an RFC 3339 time's date part). */
export function dayOfIso(date: string): number {
  return dayNumberOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
}

/** 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday. */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** Day number of the `nth` (1-based) `weekday` of a month; `nth = -1` gives the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth > 0) {
    const first = dayNumberOf(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + (nth - 1) * 7;
  }
  const last = dayNumberOf(year, month + 1, 0);
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** Western (Gregorian) Easter Sunday, anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumberOf(year, month, day);
}

/** A fixed-date holiday moved to the nearest weekday (Saturday → Friday, Sunday → Monday). */
function observed(dayNumber: number): number {
  const weekday = weekdayOf(dayNumber);
  if (weekday === 6) return dayNumber - 1;
  if (weekday === 0) return dayNumber + 1;
  return dayNumber;
}

/** One-off full-day closures. */
const SPECIAL_CLOSURES: readonly number[] = [
  dayNumberOf(2012, 10, 29),
  dayNumberOf(2012, 10, 30),
  dayNumberOf(2018, 12, 5),
  dayNumberOf(2025, 1, 9),
];

const holidayCache = new Map<number, ReadonlySet<number>>();

/** Day numbers of the NYSE full-day holidays observed in `year`. */
export function nyseHolidays(year: number): ReadonlySet<number> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Set<number>();
  const newYear = dayNumberOf(year, 1, 1);
  if (weekdayOf(newYear) !== 6) days.add(observed(newYear));
  days.add(nthWeekday(year, 1, 1, 3)); // Martin Luther King Jr. Day: third Monday of January
  days.add(nthWeekday(year, 2, 1, 3)); // Washington's Birthday: third Monday of February
  days.add(easterSunday(year) - 2); // Good Friday
  days.add(nthWeekday(year, 5, 1, -1)); // Memorial Day: last Monday of May
  if (year >= 2022) days.add(observed(dayNumberOf(year, 6, 19))); // Juneteenth
  days.add(observed(dayNumberOf(year, 7, 4))); // Independence Day
  days.add(nthWeekday(year, 9, 1, 1)); // Labor Day: first Monday of September
  days.add(nthWeekday(year, 11, 4, 4)); // Thanksgiving: fourth Thursday of November
  days.add(observed(dayNumberOf(year, 12, 25))); // Christmas
  for (const special of SPECIAL_CLOSURES) if (dateOfDayNumber(special).year === year) days.add(special);
  holidayCache.set(year, days);
  return days;
}

/** Whether trading day `dayNumber` closes at 13:00 ET (day after Thanksgiving; Christmas Eve and July 3 on weekdays). */
export function isEarlyClose(dayNumber: number): boolean {
  if (!isTradingDayNumber(dayNumber)) return false;
  const { year, month, day } = dateOfDayNumber(dayNumber);
  if (month === 11) return dayNumber === nthWeekday(year, 11, 4, 4) + 1;
  return (month === 12 && day === 24) || (month === 7 && day === 3);
}

/** Length of the regular session of trading day `dayNumber` in minutes (390, or 210 on early-close days). */
export function sessionMinutesOf(dayNumber: number): number {
  return isEarlyClose(dayNumber) ? EARLY_CLOSE_MINUTES - SESSION_OPEN_MINUTES : SESSION_MINUTES;
}

/** Whether the ET calendar date with this day number is a trading day. */
export function isTradingDayNumber(dayNumber: number): boolean {
  const weekday = weekdayOf(dayNumber);
  if (weekday === 0 || weekday === 6) return false;
  return !nyseHolidays(dateOfDayNumber(dayNumber).year).has(dayNumber);
}

/** Whether the US market trades on the (Eastern) calendar day that contains the instant `at`. */
export function isTradingDay(at: Date | number): boolean {
  return isTradingDayNumber(easternDayNumber(typeof at === 'number' ? at : at.getTime()));
}

/** UTC offset of US Eastern time at instant `t`, in minutes (-240 in summer, -300 in winter). */
export function easternOffsetMinutes(t: number): number {
  const year = new Date(t).getUTCFullYear();
  const dstStart = nthWeekday(year, 3, 0, 2) * DAY_MS + 7 * HOUR_MS; // 02:00 EST = 07:00 UTC
  const dstEnd = nthWeekday(year, 11, 0, 1) * DAY_MS + 6 * HOUR_MS; // 02:00 EDT = 06:00 UTC
  return t >= dstStart && t < dstEnd ? -240 : -300;
}

/** Day number of the Eastern calendar date that contains instant `t`. */
export function easternDayNumber(t: number): number {
  return Math.floor((t + easternOffsetMinutes(t) * MINUTE_MS) / DAY_MS);
}

/** The instant of Eastern wall-clock `minutes` after midnight on ET date `dayNumber`. */
export function easternTime(dayNumber: number, minutes: number): number {
  const guess = dayNumber * DAY_MS + minutes * MINUTE_MS + 5 * HOUR_MS;
  // Resolve the offset at the guessed instant; session times are never near the 02:00 switch.
  return dayNumber * DAY_MS + minutes * MINUTE_MS - easternOffsetMinutes(guess) * MINUTE_MS;
}

/** 09:30 ET on ET date `dayNumber` (whether or not it is a trading day). */
export function sessionOpenOf(dayNumber: number): number {
  return easternTime(dayNumber, SESSION_OPEN_MINUTES);
}

/** 16:00 ET on ET date `dayNumber` (13:00 on early-close days). */
export function sessionCloseOf(dayNumber: number): number {
  return easternTime(dayNumber, SESSION_OPEN_MINUTES + sessionMinutesOf(dayNumber));
}

/** Whether the regular session is running at instant `t` (open inclusive, close exclusive). */
export function isMarketOpen(t: number): boolean {
  const day = easternDayNumber(t);
  return isTradingDayNumber(day) && t >= sessionOpenOf(day) && t < sessionCloseOf(day);
}

/** The first trading day strictly after / before `dayNumber`. */
export function nextTradingDay(dayNumber: number): number {
  let d = dayNumber + 1;
  while (!isTradingDayNumber(d)) d++;
  return d;
}

export function previousTradingDay(dayNumber: number): number {
  let d = dayNumber - 1;
  while (!isTradingDayNumber(d)) d--;
  return d;
}

/** The next session open at or after `t`. */
export function nextOpen(t: number): number {
  const day = easternDayNumber(t);
  if (isTradingDayNumber(day) && t <= sessionOpenOf(day)) return sessionOpenOf(day);
  return sessionOpenOf(nextTradingDay(day));
}

/** The close of the session running at `t`, or else of the next session. */
export function nextClose(t: number): number {
  const day = easternDayNumber(t);
  if (isTradingDayNumber(day) && t < sessionCloseOf(day)) return sessionCloseOf(day);
  return sessionCloseOf(nextTradingDay(day));
}

/**
 * The trading day whose session has most recently started at or before `t` (the day a live quote at `t`
 * belongs to): today once 09:30 has passed on a trading day, otherwise the previous trading day.
 */
export function currentOrLastSessionDay(t: number): number {
  const day = easternDayNumber(t);
  if (isTradingDayNumber(day) && t >= sessionOpenOf(day)) return day;
  return previousTradingDay(day);
}
