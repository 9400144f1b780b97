/**
 * A performance report's period and options (issue 15 points 4 and 7; pure).
 *
 * Rules:
 * - The period is a preset (ending today) or start and end dates ('YYYY-MM-DD', New York days; end defaults to
 *   today); not both. Neither: ONE_YEAR. Presets: ONE_MONTH, THREE_MONTHS, SIX_MONTHS, YTD (from 1 January),
 *   ONE_YEAR, THREE_YEARS, FIVE_YEARS (calendar months back, ./periods.ts), ALL (MAX_REPORT_YEARS back: the
 *   history's own start bounds it).
 * - Refused, naming the field: a malformed or impossible date (`start`, `end`); end before start (`end`); more than
 *   MAX_REPORT_YEARS years from start to end (`start`); a preset with dates (`preset`); a section not in
 *   REPORT_SECTIONS (`sections`). No sections given: all of them.
 */
import { dateOfDayNumber, dayNumberOf } from '../market/calendar';
import { monthsBefore } from './periods';

export const MAX_REPORT_YEARS = 20;

export const REPORT_PRESETS = {
  ONE_MONTH: 1,
  THREE_MONTHS: 3,
  SIX_MONTHS: 6,
  YTD: null,
  ONE_YEAR: 12,
  THREE_YEARS: 36,
  FIVE_YEARS: 60,
  ALL: MAX_REPORT_YEARS * 12,
} as const;
export type ReportPreset = keyof typeof REPORT_PRESETS;

/** The report's sections, as the custom report builder names them. */
export const REPORT_SECTIONS = [
  'summary',
  'equity',
  'pnl',
  'monthlyReturns',
  'metrics',
  'trades',
  'symbols',
  'strategies',
  'realisedGains',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export interface ReportPeriodInput {
  preset?: ReportPreset | null;
  start?: string | null;
  end?: string | null;
  sections?: readonly string[] | null;
}

export interface ReportPeriod {
  startDay: number;
  endDay: number;
  sections: ReadonlySet<ReportSection>;
}

export class ReportInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Day number of a valid 'YYYY-MM-DD', else a ReportInputError naming `field`. */
export function parseDay(value: string, field: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? dayNumberOf(Number(match[1]), Number(match[2]), Number(match[3])) : NaN;
  const back = Number.isFinite(day) ? dateOfDayNumber(day) : null;
  if (!match || !back || back.month !== Number(match[2]) || back.day !== Number(match[3]))
    throw new ReportInputError(field, `"${value.slice(0, 20)}" is not a date (YYYY-MM-DD)`);
  return day;
}

export function resolveReportPeriod(input: ReportPeriodInput, today: number): ReportPeriod {
  const sections = new Set<ReportSection>();
  for (const name of input.sections ?? REPORT_SECTIONS) {
    if (!(REPORT_SECTIONS as readonly string[]).includes(name))
      throw new ReportInputError(
        'sections',
        `unknown section "${name.slice(0, 30)}": use ${REPORT_SECTIONS.join(', ')}`,
      );
    sections.add(name as ReportSection);
  }
  if (input.preset && (input.start || input.end))
    throw new ReportInputError('preset', 'give a preset or start and end dates, not both');
  if (input.start || input.end) {
    const endDay = input.end ? parseDay(input.end, 'end') : today;
    const startDay = input.start ? parseDay(input.start, 'start') : monthsBefore(endDay, 12);
    if (endDay < startDay) throw new ReportInputError('end', 'the end is before the start');
    if (monthsBefore(endDay, MAX_REPORT_YEARS * 12) > startDay)
      throw new ReportInputError('start', `a period of at most ${MAX_REPORT_YEARS} years`);
    return { startDay, endDay, sections };
  }
  const preset = input.preset ?? 'ONE_YEAR';
  const months = REPORT_PRESETS[preset];
  const startDay = months === null ? dayNumberOf(dateOfDayNumber(today).year, 1, 1) : monthsBefore(today, months);
  return { startDay, endDay: today, sections };
}
