/**
 * When a report schedule runs (issue 15 point 6; pure).
 *
 * Rules:
 * - A schedule runs at `time` (HH:MM, 24-hour) in `timezone` (an IANA zone) on `dayOfWeek` (1 Monday … 7 Sunday,
 *   WEEKLY) or on `dayOfMonth` (1–28, MONTHLY: every month has it).
 * - DST: a wall time that does not exist that day (the spring-forward gap) runs the gap's length later (02:30 on a
 *   day that jumps from 02:00 to 03:00 runs at 03:30); a wall time that occurs twice (fall back) runs the first time.
 * - A run's period is the ISO week of its local date for WEEKLY ('2026-W48') and its local month for MONTHLY
 *   ('2026-11'): one e-mail per schedule and period.
 * - Refused, naming the field: an unknown time zone (`timezone`), a malformed time (`time`), a missing or
 *   out-of-range day (`dayOfWeek`, `dayOfMonth`) and the other frequency's day given.
 */

export type ReportFrequency = 'WEEKLY' | 'MONTHLY';

export interface ScheduleRule {
  frequency: ReportFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  time: string;
  timezone: string;
}

export class ScheduleInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's formatter, or null for a zone Intl does not know. */
function formatterOf(timezone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      return null;
    }
    if (formatters.size > 500) formatters.clear();
    formatters.set(timezone, formatter);
  }
  return formatter;
}

export function isTimeZone(timezone: string): boolean {
  return timezone.length > 0 && timezone.length <= 64 && formatterOf(timezone) !== null;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock time at `time` (ms) in `timezone` (to the minute). */
export function wallTime(time: number, timezone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timezone)!.formatToParts(time))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
/** The zone's offset from UTC at `time` (ms, local minus UTC). */
const offsetAt = (time: number, timezone: string) =>
  asUtc(wallTime(time, timezone)) - Math.floor(time / MINUTE_MS) * MINUTE_MS;

/** The instant of wall time `w` in `timezone`, by the DST rules above. */
export function instantOf(w: WallTime, timezone: string): number {
  const guess = asUtc(w);
  const before = guess - offsetAt(guess - DAY_MS, timezone);
  const after = guess - offsetAt(guess + DAY_MS, timezone);
  const valid = [before, after].filter((t) => asUtc(wallTime(t, timezone)) === guess);
  // None valid: the gap; the offset before the jump lands the gap's length later.
  return valid.length > 0 ? Math.min(...valid) : before;
}

/** 'HH:MM' → [hour, minute], else a ScheduleInputError naming `time`. */
export function parseTime(time: string): [number, number] {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new ScheduleInputError('time', 'a time as HH:MM, 24-hour (e.g. 08:00)');
  return [Number(match[1]), Number(match[2])];
}

/** Checks a rule, naming the first bad field; returns it with the other frequency's day cleared. */
export function checkScheduleRule(rule: ScheduleRule): ScheduleRule {
  if (rule.frequency !== 'WEEKLY' && rule.frequency !== 'MONTHLY')
    throw new ScheduleInputError('frequency', 'WEEKLY or MONTHLY');
  const weekly = rule.frequency === 'WEEKLY';
  const day = weekly ? rule.dayOfWeek : rule.dayOfMonth;
  const [field, max] = weekly ? ['dayOfWeek', 7] : ['dayOfMonth', 28];
  if (day === null || !Number.isInteger(day) || day < 1 || day > max)
    throw new ScheduleInputError(field, `a day from 1 to ${max} for a ${weekly ? 'weekly' : 'monthly'} schedule`);
  const other = weekly ? rule.dayOfMonth : rule.dayOfWeek;
  if (other !== null)
    throw new ScheduleInputError(weekly ? 'dayOfMonth' : 'dayOfWeek', `not used by a ${rule.frequency} schedule`);
  parseTime(rule.time);
  if (!isTimeZone(rule.timezone))
    throw new ScheduleInputError('timezone', 'an IANA time zone, such as America/New_York');
  return { ...rule, dayOfWeek: weekly ? day : null, dayOfMonth: weekly ? null : day };
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
const isoWeekday = (year: number, month: number, day: number) =>
  ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;

/** The first run strictly after `after` (ms). */
export function nextRunAfter(rule: ScheduleRule, after: number): number {
  const [hour, minute] = parseTime(rule.time);
  const today = wallTime(after, rule.timezone);
  // Local calendar dates from `after`'s own date on; the wanted one is at most 8 days (weekly) or 2 months away.
  for (let i = 0; i < 64; i++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + i));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const matches =
      rule.frequency === 'WEEKLY' ? isoWeekday(year, month, day) === rule.dayOfWeek : day === rule.dayOfMonth;
    if (!matches) continue;
    const run = instantOf({ year, month, day, hour, minute }, rule.timezone);
    if (run > after) return run;
  }
  throw new Error('no run found'); // unreachable for a checked rule
}

/** The latest run at or before `now`, starting from the nominal run `due` (itself at or before `now`). */
export function latestDueRun(rule: ScheduleRule, due: number, now: number): number {
  let run = due;
  for (let next = nextRunAfter(rule, run); next <= now; next = nextRunAfter(rule, run)) run = next;
  return run;
}

/** The ISO week ('2026-W48') of a calendar date. */
export function isoWeekKey(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  // The week's Thursday decides its year.
  date.setUTCDate(day + 4 - isoWeekday(year, month, day));
  const weekYear = date.getUTCFullYear();
  const week = Math.floor((date.getTime() - Date.UTC(weekYear, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

/** The period a run at `run` (ms) belongs to: its local ISO week or month. */
export function periodKey(rule: Pick<ScheduleRule, 'frequency' | 'timezone'>, run: number): string {
  const w = wallTime(run, rule.timezone);
  return rule.frequency === 'WEEKLY'
    ? isoWeekKey(w.year, w.month, w.day)
    : `${w.year}-${String(w.month).padStart(2, '0')}`;
}
