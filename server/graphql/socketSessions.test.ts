import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../events';
import type { SessionState } from '../services/auth';
import { SESSION_ENDED_CLOSE, TOO_MANY_SOCKETS_CLOSE } from './socketLimits';
import { createSocketSessions, SESSION_RECHECK_MS, type ClosableSocket } from './socketSessions';

const HOUR = 60 * 60 * 1000;

function socket(): ClosableSocket & { closed: { code: number; reason: string } | undefined } {
  const fake = {
    closed: undefined as { code: number; reason: string } | undefined,
    close: (code: number, reason: string) => {
      fake.closed ??= { code, reason };
    },
  };
  return fake;
}

describe('socket sessions', () => {
  /** The sessions the fake authenticator knows, by token. */
  let sessions: Map<string, SessionState>;
  const events = createEventBus();
  let registry: ReturnType<typeof createSocketSessions>;
  const state = (userId: string, sessionId: string | null, endsAt: number | null): SessionState => ({
    user: { id: userId },
    sessionId,
    endsAt,
  });

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T15:00:00Z') });
    sessions = new Map();
    registry = createSocketSessions({
      authenticator: { session: async (token) => (token ? (sessions.get(token) ?? null) : null) },
      events,
      now: () => new Date(),
      maxSocketsPerUser: 2,
      onError: (error) => {
        throw error;
      },
    });
  });
  afterEach(() => {
    registry.stop();
    vi.useRealTimers();
  });

  const open = (token: string, session: SessionState) => {
    sessions.set(token, session);
    const opened = socket();
    expect(registry.add(opened, token, session)).toBe(true);
    return opened;
  };

  it("closes a revoked session's sockets with 4401, and every socket of a user told to end them all", async () => {
    const first = open('t1', state('u1', 's1', Date.now() + HOUR));
    const second = open('t2', state('u1', 's2', Date.now() + HOUR));
    const other = open('t3', state('u2', 's3', Date.now() + HOUR));
    events.publish('sessionEnded', { userId: 'u1', sessionId: 's1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(first.closed).toEqual(SESSION_ENDED_CLOSE);
    expect(second.closed).toBeUndefined();
    expect(registry.has(first)).toBe(false);

    events.publish('sessionEnded', { userId: 'u1', sessionId: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(second.closed).toEqual(SESSION_ENDED_CLOSE);
    expect(other.closed).toBeUndefined();
  });

  it('closes a socket when its session expires or goes idle, not while requests keep it alive', async () => {
    const endsAt = Date.now() + 5_000;
    const expiring = open('t1', state('u1', 's1', endsAt));
    const kept = open('t2', state('u2', 's2', endsAt));
    // Requests of session s2 (over HTTP) move its idle deadline on.
    sessions.set('t2', state('u2', 's2', endsAt + HOUR));
    sessions.delete('t1');
    await vi.advanceTimersByTimeAsync(4_900);
    expect(expiring.closed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(expiring.closed).toEqual(SESSION_ENDED_CLOSE);
    expect(kept.closed).toBeUndefined();
    expect(registry.has(kept)).toBe(true);
  });

  it('checks a long session again at least every SESSION_RECHECK_MS (a revocation without a notice)', async () => {
    const opened = open('t1', state('u1', 's1', Date.now() + 24 * HOUR));
    sessions.delete('t1');
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS + 10);
    expect(opened.closed).toEqual(SESSION_ENDED_CLOSE);
  });

  it('never times out the single-user token', async () => {
    const opened = open('single', state('u1', null, null));
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(opened.closed).toBeUndefined();
  });

  it('refuses a socket over the per-user cap with 1008, and takes one again after a socket closed', () => {
    const first = open('t1', state('u1', 's1', Date.now() + HOUR));
    open('t2', state('u1', 's2', Date.now() + HOUR));
    const refused = socket();
    expect(registry.add(refused, 't1', state('u1', 's1', Date.now() + HOUR))).toBe(false);
    expect(refused.closed).toEqual({ code: TOO_MANY_SOCKETS_CLOSE.code, reason: TOO_MANY_SOCKETS_CLOSE.reason(2) });
    registry.remove(first);
    expect(registry.add(socket(), 't1', state('u1', 's1', Date.now() + HOUR))).toBe(true);
  });
});
