import { describe, expect, it } from 'vitest';
import { checkScheduleForm, scheduleFormValues, timeZoneOptions } from './scheduleForm';

const NOW = Date.parse('2026-11-24T08:00:00Z'); // a Tuesday

describe('the schedule form (issue 15 point 6)', () => {
  it('a new schedule: weekly on Monday at 08:00 in the browser zone; an existing one keeps its values', () => {
    expect(scheduleFormValues(null, 'Europe/Paris')).toEqual({
      frequency: 'WEEKLY',
      dayOfWeek: '1',
      dayOfMonth: '1',
      time: '08:00',
      timezone: 'Europe/Paris',
    });
    const monthly = {
      id: 's',
      templateId: 't',
      frequency: 'MONTHLY' as const,
      dayOfWeek: null,
      dayOfMonth: 28,
      time: '18:30',
      timezone: 'Asia/Tokyo',
      nextRunAt: '2026-11-28T09:30:00.000Z',
      lastSentAt: null,
    };
    expect(scheduleFormValues(monthly, 'Europe/Paris')).toMatchObject({
      frequency: 'MONTHLY',
      dayOfMonth: '28',
      timezone: 'Asia/Tokyo',
    });
  });

  it('makes the input with only its frequency’s day, and the first run after now in the chosen zone', () => {
    const weekly = checkScheduleForm('t1', scheduleFormValues(null, 'Europe/Paris'), NOW);
    expect(weekly).toEqual({
      ok: true,
      input: {
        templateId: 't1',
        frequency: 'WEEKLY',
        dayOfWeek: 1,
        dayOfMonth: null,
        time: '08:00',
        timezone: 'Europe/Paris',
      },
      nextRun: new Date('2026-11-30T07:00:00.000Z'),
    });
    const monthly = checkScheduleForm(
      't1',
      { ...scheduleFormValues(null, 'America/New_York'), frequency: 'MONTHLY', dayOfMonth: '24', time: '09:00' },
      NOW,
    );
    expect(monthly).toMatchObject({
      ok: true,
      input: { dayOfWeek: null, dayOfMonth: 24 },
      nextRun: new Date('2026-11-24T14:00:00.000Z'),
    });
  });

  it('names the bad field', () => {
    const values = scheduleFormValues(null, 'Europe/Paris');
    expect(checkScheduleForm('t', { ...values, time: '8am' }, NOW)).toMatchObject({ ok: false, field: 'time' });
    expect(checkScheduleForm('t', { ...values, timezone: 'Mars/Olympus' }, NOW)).toMatchObject({
      ok: false,
      field: 'timezone',
    });
    expect(checkScheduleForm('t', { ...values, frequency: 'MONTHLY', dayOfMonth: '31' }, NOW)).toMatchObject({
      ok: false,
      field: 'dayOfMonth',
      message: 'A day from 1 to 28 for a monthly schedule.',
    });
  });

  it('lists the browser zone among the choices even when Intl leaves it out', () => {
    expect(timeZoneOptions('Europe/Paris').filter((zone) => zone === 'Europe/Paris')).toHaveLength(1);
    expect(timeZoneOptions('Not/Listed')[0]).toBe('Not/Listed');
  });
});
