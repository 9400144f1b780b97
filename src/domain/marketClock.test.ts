import { describe, expect, it } from 'vitest';
import { marketClock } from './marketClock';

function at(iso: string) {
  const clock = marketClock(new Date(iso));
  return { status: clock.status, nextOpen: clock.nextOpen.toISOString(), nextClose: clock.nextClose.toISOString() };
}

describe('marketClock', () => {
  it('walks through the sessions of a winter trading day (EST, UTC−5)', () => {
    expect(at('2025-01-15T08:59:00Z').status).toBe('CLOSED'); // 03:59 ET
    expect(at('2025-01-15T09:00:00Z').status).toBe('PRE_MARKET'); // 04:00 ET
    expect(at('2025-01-15T14:29:59Z').status).toBe('PRE_MARKET'); // 09:29:59 ET
    expect(at('2025-01-15T14:30:00Z').status).toBe('OPEN'); // 09:30 ET
    expect(at('2025-01-15T20:59:00Z').status).toBe('OPEN'); // 15:59 ET
    expect(at('2025-01-15T21:00:00Z').status).toBe('AFTER_HOURS'); // 16:00 ET
    expect(at('2025-01-16T00:59:00Z').status).toBe('AFTER_HOURS'); // 19:59 ET
    expect(at('2025-01-16T01:00:00Z').status).toBe('CLOSED'); // 20:00 ET
  });

  it('uses summer time (EDT, UTC−4) after the March change and winter time after the November change', () => {
    // Friday before the change (Mar 9, 2025): 09:30 EST is 14:30 UTC.
    expect(at('2025-03-07T14:30:00Z')).toEqual({
      status: 'OPEN',
      nextOpen: '2025-03-10T13:30:00.000Z',
      nextClose: '2025-03-07T21:00:00.000Z',
    });
    // Monday after the change: 09:30 EDT is 13:30 UTC, so 13:30 UTC is already open.
    expect(at('2025-03-10T13:30:00Z').status).toBe('OPEN');
    expect(at('2025-03-10T13:29:00Z').status).toBe('PRE_MARKET');
    expect(at('2025-03-10T13:30:00Z').nextClose).toBe('2025-03-10T20:00:00.000Z');
    // Friday Oct 31 after the close: next open is Monday Nov 3 in EST (the change is Sunday Nov 2).
    expect(at('2025-10-31T20:30:00Z')).toEqual({
      status: 'AFTER_HOURS',
      nextOpen: '2025-11-03T14:30:00.000Z',
      nextClose: '2025-11-03T21:00:00.000Z',
    });
  });

  it('is closed all weekend and points to Monday across it', () => {
    expect(at('2025-06-07T15:00:00Z')).toEqual({
      status: 'CLOSED', // Saturday 11:00 ET
      nextOpen: '2025-06-09T13:30:00.000Z',
      nextClose: '2025-06-09T20:00:00.000Z',
    });
    expect(at('2025-06-08T23:00:00Z').status).toBe('CLOSED'); // Sunday 19:00 ET
    // Friday 17:00 ET: after-hours, next session Monday.
    expect(at('2025-06-06T21:00:00Z')).toEqual({
      status: 'AFTER_HOURS',
      nextOpen: '2025-06-09T13:30:00.000Z',
      nextClose: '2025-06-09T20:00:00.000Z',
    });
  });

  it('is closed on full-day holidays and skips them', () => {
    expect(at('2025-12-25T15:00:00Z').status).toBe('CLOSED'); // Christmas, 10:00 ET
    expect(at('2026-04-03T14:00:00Z').status).toBe('CLOSED'); // Good Friday 2026
    expect(at('2027-07-05T16:00:00Z').status).toBe('CLOSED'); // Independence Day observed (Monday)
    // Friday before Martin Luther King Jr. Day 2026, after the close: the next session is Tuesday.
    expect(at('2026-01-16T22:00:00Z')).toEqual({
      status: 'AFTER_HOURS',
      nextOpen: '2026-01-20T14:30:00.000Z',
      nextClose: '2026-01-20T21:00:00.000Z',
    });
    // Wednesday before Thanksgiving 2025, after the close: Thursday is closed, Friday closes early.
    expect(at('2025-11-26T22:00:00Z')).toEqual({
      status: 'AFTER_HOURS',
      nextOpen: '2025-11-28T14:30:00.000Z',
      nextClose: '2025-11-28T18:00:00.000Z',
    });
  });

  it('closes at 13:00 on early-close days, with after-hours until 17:00', () => {
    // Day after Thanksgiving 2025 (EST): 13:00 ET is 18:00 UTC.
    expect(at('2025-11-28T17:59:00Z')).toEqual({
      status: 'OPEN',
      nextOpen: '2025-12-01T14:30:00.000Z',
      nextClose: '2025-11-28T18:00:00.000Z',
    });
    expect(at('2025-11-28T18:00:00Z').status).toBe('AFTER_HOURS');
    expect(at('2025-11-28T22:00:00Z').status).toBe('CLOSED'); // 17:00 ET
    // Christmas Eve 2026 (Thursday): early close, then Christmas closed, next session Monday Dec 28.
    expect(at('2026-12-24T19:00:00Z')).toEqual({
      status: 'AFTER_HOURS',
      nextOpen: '2026-12-28T14:30:00.000Z',
      nextClose: '2026-12-28T21:00:00.000Z',
    });
  });

  it('points to the same day before the open and to the next trading day after it', () => {
    expect(at('2025-06-10T11:00:00Z')).toEqual({
      status: 'PRE_MARKET', // 07:00 EDT
      nextOpen: '2025-06-10T13:30:00.000Z',
      nextClose: '2025-06-10T20:00:00.000Z',
    });
    expect(at('2025-06-10T06:00:00Z')).toEqual({
      status: 'CLOSED', // 02:00 EDT
      nextOpen: '2025-06-10T13:30:00.000Z',
      nextClose: '2025-06-10T20:00:00.000Z',
    });
  });
});
