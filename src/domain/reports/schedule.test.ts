import { describe, expect, it } from 'vitest';
import {
  checkScheduleRule,
  isoWeekKey,
  latestDueRun,
  nextRunAfter,
  periodKey,
  ScheduleInputError,
  type ScheduleRule,
} from './schedule';

const NY = 'America/New_York';
const weekly = (overrides: Partial<ScheduleRule> = {}): ScheduleRule => ({
  frequency: 'WEEKLY',
  dayOfWeek: 1,
  dayOfMonth: null,
  time: '08:00',
  timezone: NY,
  ...overrides,
});
const monthly = (overrides: Partial<ScheduleRule> = {}): ScheduleRule => ({
  frequency: 'MONTHLY',
  dayOfWeek: null,
  dayOfMonth: 1,
  time: '08:00',
  timezone: NY,
  ...overrides,
});
const at = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ScheduleInputError) return error.field;
    throw error;
  }
  return undefined;
}

describe('nextRunAfter', () => {
  it('finds the next weekday at the local time (Tuesday 24 Nov 2026 → Monday 30 Nov, 08:00 EST = 13:00Z)', () => {
    expect(iso(nextRunAfter(weekly(), at('2026-11-24T12:00:00Z')))).toBe('2026-11-30T13:00:00.000Z');
  });

  it('runs later the same day when the time has not come yet, and a week later once it has', () => {
    const rule = weekly({ dayOfWeek: 2 });
    expect(iso(nextRunAfter(rule, at('2026-11-24T12:00:00Z')))).toBe('2026-11-24T13:00:00.000Z');
    expect(iso(nextRunAfter(rule, at('2026-11-24T13:00:00Z')))).toBe('2026-12-01T13:00:00.000Z');
  });

  it('uses the local date, not the UTC one (Sunday 23:30 in Tokyo is Sunday 14:30Z)', () => {
    const rule = weekly({ dayOfWeek: 7, time: '23:30', timezone: 'Asia/Tokyo' });
    expect(iso(nextRunAfter(rule, at('2026-11-24T00:00:00Z')))).toBe('2026-11-29T14:30:00.000Z');
  });

  it('keeps the wall time across a DST change (EDT in October, EST in November)', () => {
    const rule = weekly({ dayOfWeek: 7 });
    const first = nextRunAfter(rule, at('2026-10-26T00:00:00Z'));
    expect(iso(first)).toBe('2026-11-01T13:00:00.000Z'); // 1 Nov 2026: clocks went back at 02:00, EST
    expect(iso(nextRunAfter(rule, at('2026-10-20T00:00:00Z')))).toBe('2026-10-25T12:00:00.000Z'); // EDT
  });

  it('runs a time in the spring-forward gap the gap later (02:30 on 8 March 2026 → 03:30 EDT)', () => {
    const rule = weekly({ dayOfWeek: 7, time: '02:30' });
    expect(iso(nextRunAfter(rule, at('2026-03-02T00:00:00Z')))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('runs a time that occurs twice (01:30 on 1 November 2026) the first time, EDT', () => {
    const rule = weekly({ dayOfWeek: 7, time: '01:30' });
    expect(iso(nextRunAfter(rule, at('2026-10-26T00:00:00Z')))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('finds a monthly day, in the next month once it has passed', () => {
    const rule = monthly({ dayOfMonth: 28, time: '18:45', timezone: 'Europe/London' });
    expect(iso(nextRunAfter(rule, at('2026-11-24T00:00:00Z')))).toBe('2026-11-28T18:45:00.000Z');
    expect(iso(nextRunAfter(rule, at('2026-11-28T18:45:00Z')))).toBe('2026-12-28T18:45:00.000Z');
    expect(iso(nextRunAfter(monthly(), at('2026-12-15T00:00:00Z')))).toBe('2027-01-01T13:00:00.000Z');
  });
});

describe('latestDueRun', () => {
  it('skips the runs missed while no server ran, to the latest one due', () => {
    const rule = weekly();
    const due = at('2026-11-02T13:00:00Z');
    expect(iso(latestDueRun(rule, due, at('2026-11-24T12:00:00Z')))).toBe('2026-11-23T13:00:00.000Z');
    expect(latestDueRun(rule, due, due)).toBe(due);
  });
});

describe('periodKey', () => {
  it('is the ISO week of the local date for WEEKLY and the local month for MONTHLY', () => {
    expect(periodKey(weekly(), at('2026-11-24T13:00:00Z'))).toBe('2026-W48');
    expect(periodKey(monthly(), at('2026-11-01T13:00:00Z'))).toBe('2026-11');
    // 03:00Z on 1 December is still 30 November in New York.
    expect(periodKey(monthly(), at('2026-12-01T03:00:00Z'))).toBe('2026-11');
  });

  it('numbers ISO weeks across year ends (published cases)', () => {
    expect(isoWeekKey(2026, 1, 1)).toBe('2026-W01'); // a Thursday
    expect(isoWeekKey(2027, 1, 1)).toBe('2026-W53'); // 2026 has 53 weeks
    expect(isoWeekKey(2024, 12, 30)).toBe('2025-W01');
    expect(isoWeekKey(2021, 1, 3)).toBe('2020-W53');
  });
});

describe('checkScheduleRule', () => {
  it('accepts a valid rule', () => {
    expect(checkScheduleRule(weekly({ dayOfWeek: 7 })).dayOfWeek).toBe(7);
    expect(checkScheduleRule(monthly({ dayOfMonth: 28, time: '23:59', timezone: 'UTC' })).dayOfMonth).toBe(28);
  });

  it('names the bad field', () => {
    expect(fieldOf(() => checkScheduleRule(weekly({ dayOfWeek: 0 })))).toBe('dayOfWeek');
    expect(fieldOf(() => checkScheduleRule(weekly({ dayOfWeek: 8 })))).toBe('dayOfWeek');
    expect(fieldOf(() => checkScheduleRule(weekly({ dayOfWeek: null })))).toBe('dayOfWeek');
    expect(fieldOf(() => checkScheduleRule(weekly({ dayOfMonth: 3 })))).toBe('dayOfMonth');
    expect(fieldOf(() => checkScheduleRule(monthly({ dayOfMonth: 29 })))).toBe('dayOfMonth');
    expect(fieldOf(() => checkScheduleRule(monthly({ dayOfMonth: 2.5 })))).toBe('dayOfMonth');
    expect(fieldOf(() => checkScheduleRule(weekly({ time: '24:00' })))).toBe('time');
    expect(fieldOf(() => checkScheduleRule(weekly({ time: '8:00' })))).toBe('time');
    expect(fieldOf(() => checkScheduleRule(weekly({ timezone: 'Mars/Olympus' })))).toBe('timezone');
    expect(fieldOf(() => checkScheduleRule(weekly({ timezone: '' })))).toBe('timezone');
  });
});
