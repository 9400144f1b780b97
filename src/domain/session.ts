/**
 * Client session timing (spec §4 Session, §9): pure functions over the local session record, so the
 * rules run the same with a real clock, fake timers or an injected `now`.
 */
import {
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_MAX_AGE_MS,
  SESSION_REFRESH_NOTICE_MS,
  SESSION_WARNING_THRESHOLD_MS,
} from './constants';

/** The signed-in user as the session keeps it. */
export interface SessionUser {
  id: string;
  email: string | null;
  phoneNumber: string | null;
}

/** Spec §3 local session record; times are epoch milliseconds. */
export interface SessionRecord {
  token: string;
  user: SessionUser;
  /** Absolute expiry: 24 h after creation, or earlier when the server says so. */
  expiresAt: number;
  lastActivity: number;
  createdAt: number;
}

/** Activity is written at most this often (events such as mousemove fire many times a second). */
export const SESSION_ACTIVITY_THROTTLE_MS = 15_000;

/** A new record at `now`; the server's absolute expiry is kept when it is sooner than 24 h. */
export function createSessionRecord(
  token: string,
  user: SessionUser,
  now: number,
  serverExpiresAt?: number | null,
): SessionRecord {
  const maxExpiry = now + SESSION_MAX_AGE_MS;
  const expiresAt =
    serverExpiresAt !== undefined && serverExpiresAt !== null && Number.isFinite(serverExpiresAt)
      ? Math.min(serverExpiresAt, maxExpiry)
      : maxExpiry;
  return { token, user, expiresAt, lastActivity: now, createdAt: now };
}

/** When the session ends: its absolute expiry or 4 h after the last activity, whichever comes first. */
export function sessionEndsAt(record: SessionRecord): number {
  return Math.min(
    record.expiresAt,
    record.createdAt + SESSION_MAX_AGE_MS,
    record.lastActivity + SESSION_IDLE_TIMEOUT_MS,
  );
}

/** Milliseconds left (never negative). */
export function sessionRemainingMs(record: SessionRecord, now: number): number {
  return Math.max(0, sessionEndsAt(record) - now);
}

export function isSessionExpired(record: SessionRecord, now: number): boolean {
  return sessionRemainingMs(record, now) === 0;
}

/** The refresh notice is due in the last 15 minutes. */
export function isRefreshDue(record: SessionRecord, now: number): boolean {
  const remaining = sessionRemainingMs(record, now);
  return remaining > 0 && remaining <= SESSION_REFRESH_NOTICE_MS;
}

/** The expiry warning shows when 5 minutes or less remain. */
export function isWarningDue(record: SessionRecord, now: number): boolean {
  const remaining = sessionRemainingMs(record, now);
  return remaining > 0 && remaining <= SESSION_WARNING_THRESHOLD_MS;
}

/** Whole minutes shown in the countdown (rounded up, at least 1 while time remains). */
export function warningMinutes(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / 60_000));
}

/** Spec §8 Session toast. */
export function sessionWarningText(remainingMs: number): string {
  return `Your session will expire in ${warningMinutes(remainingMs)} minute(s). Please save your work.`;
}

/** The record with activity at `now`, or the same record when the last write is within the throttle. */
export function touchSession(record: SessionRecord, now: number): SessionRecord {
  if (now - record.lastActivity < SESSION_ACTIVITY_THROTTLE_MS) return record;
  return { ...record, lastActivity: now };
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  const optionalString = (field: unknown) => field === null || typeof field === 'string';
  return typeof user.id === 'string' && optionalString(user.email) && optionalString(user.phoneNumber);
}

/** Reads a stored record; anything malformed is null (treated as no session). */
export function parseSessionRecord(text: string | null): SessionRecord | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const isTime = (field: unknown): field is number => typeof field === 'number' && Number.isFinite(field);
  if (
    typeof record.token !== 'string' ||
    record.token === '' ||
    !isSessionUser(record.user) ||
    !isTime(record.expiresAt) ||
    !isTime(record.lastActivity) ||
    !isTime(record.createdAt)
  ) {
    return null;
  }
  return {
    token: record.token,
    user: { id: record.user.id, email: record.user.email, phoneNumber: record.user.phoneNumber },
    expiresAt: record.expiresAt,
    lastActivity: record.lastActivity,
    createdAt: record.createdAt,
  };
}
