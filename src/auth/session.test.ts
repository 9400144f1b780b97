import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ACTIVITY_CHECK_MS, SESSION_IDLE_TIMEOUT_MS, SESSION_REFRESH_NOTICE_MS } from '../domain/constants';
import { memoryStorage, type KeyValueStorage } from '../lib/storage';
import {
  createSessionManager,
  SESSION_KEY,
  SESSION_USER_KEY,
  type SessionChannel,
  type SessionEvent,
  type SessionEventSources,
  type SessionManager,
} from './session';

/** A user storage key handed to the manager (the app passes the trading mode's). */
const TRADING_MODE_KEY = 'tradingMode';
import { AUTH_TOKEN_KEY } from './token';

const user = { id: 'u1', email: 'ada@example.com', phoneNumber: null };
const MINUTE = 60_000;

type Listener = (event: MessageEvent<unknown>) => void;

/** Two BroadcastChannel stand-ins that deliver to each other, like two tabs. */
function channelPair(): [SessionChannel, SessionChannel] {
  const listeners = [new Set<Listener>(), new Set<Listener>()] as const;
  const make = (own: Set<Listener>, peer: Set<Listener>): SessionChannel => ({
    postMessage: (data) => {
      for (const listener of peer) listener(new MessageEvent('message', { data }));
    },
    addEventListener: (_type, listener) => void own.add(listener),
    removeEventListener: (_type, listener) => void own.delete(listener),
  });
  return [make(listeners[0], listeners[1]), make(listeners[1], listeners[0])];
}

function fakeSources(): SessionEventSources & { fire(type: string): void; storageEvent(key: string): void } {
  const target = new EventTarget();
  const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  doc.visibilityState = 'visible';
  return {
    window: target,
    document: doc,
    fire: (type) => (type === 'visibilitychange' ? doc : target).dispatchEvent(new Event(type)),
    storageEvent: (key) => target.dispatchEvent(Object.assign(new Event('storage'), { key })),
  };
}

function tab(storage: KeyValueStorage, channel: SessionChannel | null = null) {
  const events: SessionEvent['type'][] = [];
  const manager = createSessionManager({
    storage,
    channel,
    now: () => Date.now(),
    userStorageKeys: [TRADING_MODE_KEY],
  });
  manager.subscribe((event) => events.push(event.type));
  const sources = fakeSources();
  const stop = manager.start(sources);
  return { manager, events, sources, stop };
}

describe('session manager (spec §4 Session)', () => {
  let storage: ReturnType<typeof memoryStorage>;
  const stops: (() => void)[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 5, 9));
    storage = memoryStorage();
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    vi.useRealTimers();
  });

  const open = (channel: SessionChannel | null = null): ReturnType<typeof tab> => {
    const opened = tab(storage, channel);
    stops.push(opened.stop);
    return opened;
  };

  it('stores the record and the token on sign-in', () => {
    const { manager, events } = open();
    manager.signIn('tok', user);
    expect(storage.dump()[AUTH_TOKEN_KEY]).toBe('tok');
    expect(JSON.parse(storage.dump()[SESSION_KEY] ?? '{}')).toMatchObject({ token: 'tok', user });
    expect(manager.current()?.token).toBe('tok');
    expect(events).toEqual(['signed-in']);
  });

  it('is not signed in when the bearer token was dropped (an auth failure elsewhere)', () => {
    const { manager } = open();
    manager.signIn('tok', user);
    storage.removeItem(AUTH_TOKEN_KEY);
    expect(manager.current()).toBeNull();
    expect(manager.hasStoredRecord()).toBe(true);
  });

  it('activity keeps the session alive past the idle timeout', () => {
    const { manager, sources } = open();
    manager.signIn('tok', user);
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS - MINUTE);
    sources.fire('mousemove');
    vi.advanceTimersByTime(2 * MINUTE);
    expect(manager.current()?.token).toBe('tok');
  });

  it('the tab becoming visible counts as activity', () => {
    const { manager, sources } = open();
    manager.signIn('tok', user);
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS - MINUTE);
    sources.fire('visibilitychange');
    vi.advanceTimersByTime(2 * MINUTE);
    expect(manager.current()).not.toBeNull();
  });

  it('expires after 4 h idle: clears session, token, user and trading mode, and says so once', () => {
    storage.setItem(TRADING_MODE_KEY, 'live');
    const { manager, events } = open();
    manager.signIn('tok', user);
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS + SESSION_ACTIVITY_CHECK_MS);
    expect(events.filter((type) => type === 'expired')).toHaveLength(1);
    const left = storage.dump();
    for (const key of [SESSION_KEY, AUTH_TOKEN_KEY, SESSION_USER_KEY, TRADING_MODE_KEY])
      expect(left[key]).toBeUndefined();
  });

  it('sends the refresh notice once, 15 minutes before the end', () => {
    const { manager, events } = open();
    manager.signIn('tok', user);
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS - SESSION_REFRESH_NOTICE_MS - MINUTE);
    expect(events).not.toContain('refresh-due');
    vi.advanceTimersByTime(2 * MINUTE);
    vi.advanceTimersByTime(5 * MINUTE);
    expect(events.filter((type) => type === 'refresh-due')).toHaveLength(1);
  });

  it('checks every 60 s only while a session exists', () => {
    const { manager } = open();
    expect(vi.getTimerCount()).toBe(0);
    manager.signIn('tok', user);
    expect(vi.getTimerCount()).toBe(1);
    manager.signOut();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('signing out in one tab signs out the other (broadcast)', () => {
    const [channelA, channelB] = channelPair();
    const a = open(channelA);
    const b = open(channelB);
    a.manager.signIn('tok', user);
    expect(b.events).toEqual(['signed-in']);
    expect(b.manager.current()?.token).toBe('tok');
    b.manager.signOut();
    expect(a.events).toEqual(['signed-in', 'signed-out']);
    expect(a.manager.current()).toBeNull();
  });

  it('a storage event from another tab is enough without BroadcastChannel', () => {
    const a = open();
    const b = open();
    a.manager.signIn('tok', user);
    b.sources.storageEvent(SESSION_KEY);
    expect(b.events).toEqual(['signed-in']);
    a.manager.signOut();
    b.sources.storageEvent(SESSION_KEY);
    // Both notices about the same change (broadcast and storage) are reported once.
    b.sources.storageEvent(AUTH_TOKEN_KEY);
    expect(b.events).toEqual(['signed-in', 'signed-out']);
  });
});

describe('session manager without storage', () => {
  it('has no session and does not throw', () => {
    const manager: SessionManager = createSessionManager({ storage: null });
    expect(manager.current()).toBeNull();
    expect(() => manager.recordActivity()).not.toThrow();
  });
});
