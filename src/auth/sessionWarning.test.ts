import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_WARNING_TOAST_MS } from '../domain/constants';
import { memoryStorage } from '../lib/storage';
import { createSessionManager, type SessionManager } from './session';
import { SESSION_EXPIRED_TEXT, watchSessionWarning } from './sessionWarning';
import { storedAuthToken } from './token';

const user = { id: 'u1', email: 'ada@example.com', phoneNumber: null };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function recorder() {
  const shown: string[] = [];
  const updates: string[] = [];
  const expired: string[] = [];
  const leaving: boolean[] = [];
  return {
    shown,
    updates,
    expired,
    leaving,
    effects: {
      showWarning: (text: string) => {
        shown.push(text);
        return `toast-${shown.length}`;
      },
      updateWarning: (_id: string, text: string) => void updates.push(text),
      showExpired: (text: string) => void expired.push(text),
      confirmLeaving: (on: boolean) => void leaving.push(on),
    },
  };
}

describe('session warning and expiry (spec §4 Session, §8 Session toasts)', () => {
  let storage: ReturnType<typeof memoryStorage>;
  let manager: SessionManager;
  const stops: (() => void)[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 5, 9));
    storage = memoryStorage();
    manager = createSessionManager({ storage, now: () => Date.now() });
    const target = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    stops.push(manager.start({ window: target, document: doc }));
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    vi.useRealTimers();
  });

  it('warns once at 5 minutes left, counts down every second for 10 s, asks before leaving meanwhile', () => {
    manager.signIn('t1', user, Date.now() + 7 * MINUTE);
    const seen = recorder();
    stops.push(watchSessionWarning(manager, seen.effects));
    vi.advanceTimersByTime(MINUTE);
    expect(seen.shown).toEqual([]);

    vi.advanceTimersByTime(MINUTE);
    expect(seen.shown).toEqual(['Your session will expire in 5 minute(s). Please save your work.']);
    expect(seen.leaving).toEqual([true]);

    vi.advanceTimersByTime(SESSION_WARNING_TOAST_MS);
    expect(seen.updates).toHaveLength(SESSION_WARNING_TOAST_MS / 1000);
    expect(seen.updates.at(-1)).toBe('Your session will expire in 5 minute(s). Please save your work.');
    expect(seen.leaving).toEqual([true, false]);

    vi.advanceTimersByTime(2 * MINUTE);
    expect(seen.shown).toHaveLength(1);
  });

  it('at expiry clears the session and token and says so', () => {
    manager.signIn('t1', user, Date.now() + 3 * MINUTE);
    const seen = recorder();
    stops.push(watchSessionWarning(manager, seen.effects));
    expect(seen.shown).toEqual(['Your session will expire in 3 minute(s). Please save your work.']);
    vi.advanceTimersByTime(4 * MINUTE);
    expect(seen.expired).toEqual([SESSION_EXPIRED_TEXT]);
    expect(manager.current()).toBeNull();
    expect(storedAuthToken(storage)).toBeNull();
    expect(seen.leaving.at(-1)).toBe(false);
  });

  it('ends 24 h after sign-in even for a user active all the time', () => {
    manager.signIn('t1', user);
    const seen = recorder();
    stops.push(watchSessionWarning(manager, seen.effects));
    for (let hour = 0; hour < 23; hour += 1) {
      vi.advanceTimersByTime(HOUR);
      manager.recordActivity();
    }
    expect(manager.current()).not.toBeNull();
    vi.advanceTimersByTime(HOUR);
    expect(seen.shown).toHaveLength(1);
    expect(seen.expired).toEqual([SESSION_EXPIRED_TEXT]);
    expect(manager.current()).toBeNull();
  });

  it('a session signed out elsewhere stops the countdown and the leave confirmation', () => {
    manager.signIn('t1', user, Date.now() + 4 * MINUTE);
    const seen = recorder();
    stops.push(watchSessionWarning(manager, seen.effects));
    vi.advanceTimersByTime(2000);
    manager.signOut();
    const updates = seen.updates.length;
    vi.advanceTimersByTime(5000);
    expect(seen.updates).toHaveLength(updates);
    expect(seen.leaving).toEqual([true, false]);
    expect(seen.expired).toEqual([]);
  });
});
