import { describe, expect, it } from 'vitest';
import {
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_MAX_AGE_MS,
  SESSION_REFRESH_NOTICE_MS,
  SESSION_WARNING_THRESHOLD_MS,
} from './constants';
import {
  createSessionRecord,
  isRefreshDue,
  isSessionExpired,
  isWarningDue,
  parseSessionRecord,
  SESSION_ACTIVITY_THROTTLE_MS,
  sessionEndsAt,
  sessionRemainingMs,
  sessionWarningText,
  touchSession,
} from './session';

const user = { id: 'u1', email: 'ada@example.com', phoneNumber: null };
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

describe('session timing (spec §4 Session)', () => {
  it('a new session lasts 24 h when the user stays active', () => {
    let record = createSessionRecord('t', user, T0);
    expect(record).toEqual({ token: 't', user, expiresAt: T0 + SESSION_MAX_AGE_MS, lastActivity: T0, createdAt: T0 });
    // Active every 3 hours: never idle for 4 h, so only the 24 h limit ends it.
    for (let at = T0 + 3 * HOUR; at < T0 + 24 * HOUR; at += 3 * HOUR) record = touchSession(record, at);
    expect(isSessionExpired(record, T0 + 24 * HOUR - 1)).toBe(false);
    expect(isSessionExpired(record, T0 + 24 * HOUR)).toBe(true);
  });

  it('ends after 4 h without activity', () => {
    const record = createSessionRecord('t', user, T0);
    expect(sessionEndsAt(record)).toBe(T0 + SESSION_IDLE_TIMEOUT_MS);
    expect(isSessionExpired(record, T0 + 4 * HOUR - 1)).toBe(false);
    expect(isSessionExpired(record, T0 + 4 * HOUR)).toBe(true);
  });

  it('activity pushes the idle limit back, but writes at most once per throttle window', () => {
    const record = createSessionRecord('t', user, T0);
    expect(touchSession(record, T0 + SESSION_ACTIVITY_THROTTLE_MS - 1)).toBe(record);
    const touched = touchSession(record, T0 + 2 * HOUR);
    expect(touched.lastActivity).toBe(T0 + 2 * HOUR);
    expect(sessionEndsAt(touched)).toBe(T0 + 6 * HOUR);
  });

  it("keeps the server's expiry when it is sooner than 24 h", () => {
    const record = createSessionRecord('t', user, T0, T0 + HOUR);
    expect(record.expiresAt).toBe(T0 + HOUR);
    expect(createSessionRecord('t', user, T0, T0 + 48 * HOUR).expiresAt).toBe(T0 + SESSION_MAX_AGE_MS);
  });

  it('the refresh notice is due 15 minutes before the end, the warning 5 minutes before', () => {
    const record = createSessionRecord('t', user, T0);
    const end = sessionEndsAt(record);
    expect(isRefreshDue(record, end - SESSION_REFRESH_NOTICE_MS - 1)).toBe(false);
    expect(isRefreshDue(record, end - SESSION_REFRESH_NOTICE_MS)).toBe(true);
    expect(isWarningDue(record, end - SESSION_WARNING_THRESHOLD_MS - 1)).toBe(false);
    expect(isWarningDue(record, end - SESSION_WARNING_THRESHOLD_MS)).toBe(true);
    expect(isWarningDue(record, end)).toBe(false);
    expect(sessionRemainingMs(record, end + MINUTE)).toBe(0);
  });

  it('counts the warning down in whole minutes, rounded up', () => {
    expect(sessionWarningText(5 * MINUTE)).toBe('Your session will expire in 5 minute(s). Please save your work.');
    expect(sessionWarningText(4 * MINUTE + 1)).toBe('Your session will expire in 5 minute(s). Please save your work.');
    expect(sessionWarningText(30_000)).toBe('Your session will expire in 1 minute(s). Please save your work.');
  });
});

describe('parseSessionRecord', () => {
  it('reads back a stored record', () => {
    const record = createSessionRecord('t', user, T0);
    expect(parseSessionRecord(JSON.stringify(record))).toEqual(record);
  });

  it('treats missing or malformed records as no session', () => {
    expect(parseSessionRecord(null)).toBeNull();
    expect(parseSessionRecord('{not json')).toBeNull();
    expect(
      parseSessionRecord(JSON.stringify({ token: '', user, expiresAt: 1, lastActivity: 1, createdAt: 1 })),
    ).toBeNull();
    expect(
      parseSessionRecord(JSON.stringify({ token: 't', user: { id: 1 }, expiresAt: 1, lastActivity: 1, createdAt: 1 })),
    ).toBeNull();
    expect(
      parseSessionRecord(JSON.stringify({ token: 't', user, expiresAt: '1', lastActivity: 1, createdAt: 1 })),
    ).toBeNull();
  });
});
