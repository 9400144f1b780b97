/**
 * The client session (spec §4 Session): the local record in localStorage (token also under
 * 'authToken'), activity tracking, a check every 60 s while a session exists, the refresh notice,
 * expiry, and changes shared with the other tabs of this browser.
 */
import { SESSION_ACTIVITY_CHECK_MS } from '../domain/constants';
import {
  createSessionRecord,
  isRefreshDue,
  isSessionExpired,
  parseSessionRecord,
  touchSession,
  type SessionRecord,
  type SessionUser,
} from '../domain/session';
import { readStored, removeStored, writeStored, type KeyValueStorage } from '../lib/storage';
import { AUTH_TOKEN_KEY, clearAuthToken, storeAuthToken, storedAuthToken } from './token';

/** localStorage key of the session record. */
export const SESSION_KEY = 'authSession';
/** localStorage key of the signed-in user (kept next to the record for code that only needs the user). */
export const SESSION_USER_KEY = 'user';
/** BroadcastChannel name shared by the tabs of this origin. */
export const SESSION_CHANNEL = 'auth-session';

/** Activity events (spec §4): click, keypress, scroll, mouse move, and the tab becoming visible. */
export const ACTIVITY_EVENTS = ['click', 'keypress', 'scroll', 'mousemove'] as const;

export type SessionEvent =
  | { type: 'signed-in'; session: SessionRecord }
  /** `remote` when another tab signed out. */
  | { type: 'signed-out'; remote: boolean }
  | { type: 'expired' }
  | { type: 'refresh-due'; session: SessionRecord };

type BroadcastMessage = { type: 'signed-in' } | { type: 'signed-out' };

/** The slice of BroadcastChannel the manager uses. */
export interface SessionChannel {
  postMessage(message: BroadcastMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

/** Where activity, visibility and storage events come from (window and document in the browser). */
export interface SessionEventSources {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

export interface SessionManagerOptions {
  storage?: KeyValueStorage | null;
  now?: () => number;
  channel?: SessionChannel | null;
  /** Forgets cached server data of the user who signed out (the persisted query cache). */
  clearCaches?: () => Promise<void>;
  /**
   * Other storage keys that belong to the signed-in user and are removed with the session (the app passes
   * the last known trading mode's key). The session's own keys and the token are always removed.
   */
  userStorageKeys?: readonly string[];
}

export interface SessionManager {
  /** The signed-in session: a record that is not expired and whose token is the stored bearer token. */
  current(): SessionRecord | null;
  /** A stored record exists (valid or not): used to tell "restore failed" from "never signed in". */
  hasStoredRecord(): boolean;
  signIn(token: string, user: SessionUser, serverExpiresAt?: number | null): SessionRecord;
  /** Activity now (throttled); nothing happens without a valid session. */
  recordActivity(): void;
  /** Removes session, token, user and the other user storage keys, tells the other tabs; emits signed-out. */
  signOut(): void;
  /** Expiry and refresh notice; run every 60 s while a session exists. */
  check(): void;
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /** Starts listening (activity, other tabs, the 60 s check); returns the stop function. */
  start(sources: SessionEventSources): () => void;
}

function isBroadcastMessage(value: unknown): value is BroadcastMessage {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  return value.type === 'signed-in' || value.type === 'signed-out';
}

export function createSessionManager(options: SessionManagerOptions = {}): SessionManager {
  const { storage, channel = null } = options;
  const now = options.now ?? Date.now;
  const clearCaches = options.clearCaches ?? (() => Promise.resolve());
  const userStorageKeys = options.userStorageKeys ?? [];
  const listeners = new Set<(event: SessionEvent) => void>();
  let checkTimer: ReturnType<typeof setInterval> | null = null;
  let refreshNoticeSentFor: string | null = null;
  let started = false;
  /** The token this tab last saw signed in, so repeated notices (broadcast and storage event) emit once. */
  let knownToken: string | null = null;

  const emit = (event: SessionEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  const storedRecord = () => parseSessionRecord(readStored(SESSION_KEY, storage));

  const current = (): SessionRecord | null => {
    const record = storedRecord();
    if (!record || record.token !== storedAuthToken(storage)) return null;
    return isSessionExpired(record, now()) ? null : record;
  };

  const removeEverything = () => {
    removeStored(SESSION_KEY, storage);
    removeStored(SESSION_USER_KEY, storage);
    for (const key of userStorageKeys) removeStored(key, storage);
    if (storedAuthToken(storage) !== null) clearAuthToken(storage);
    void clearCaches().catch(() => undefined);
  };

  const stopChecking = () => {
    if (checkTimer !== null) clearInterval(checkTimer);
    checkTimer = null;
  };

  const startChecking = () => {
    if (!started || checkTimer !== null) return;
    checkTimer = setInterval(() => manager.check(), SESSION_ACTIVITY_CHECK_MS);
  };

  /** Re-reads the stored state after another tab changed it. */
  const syncFromOtherTab = () => {
    const record = current();
    if (record && record.token !== knownToken) {
      knownToken = record.token;
      startChecking();
      emit({ type: 'signed-in', session: record });
    } else if (!record && knownToken !== null) {
      knownToken = null;
      stopChecking();
      emit({ type: 'signed-out', remote: true });
    }
  };

  const manager: SessionManager = {
    current,
    hasStoredRecord: () => readStored(SESSION_KEY, storage) !== null,

    signIn(token, user, serverExpiresAt) {
      const record = createSessionRecord(token, user, now(), serverExpiresAt);
      writeStored(SESSION_KEY, JSON.stringify(record), storage);
      writeStored(SESSION_USER_KEY, JSON.stringify(user), storage);
      storeAuthToken(token, storage);
      knownToken = token;
      refreshNoticeSentFor = null;
      startChecking();
      channel?.postMessage({ type: 'signed-in' });
      emit({ type: 'signed-in', session: record });
      return record;
    },

    recordActivity() {
      const record = current();
      if (!record) return;
      const touched = touchSession(record, now());
      if (touched !== record) writeStored(SESSION_KEY, JSON.stringify(touched), storage);
    },

    signOut() {
      removeEverything();
      knownToken = null;
      stopChecking();
      channel?.postMessage({ type: 'signed-out' });
      emit({ type: 'signed-out', remote: false });
    },

    check() {
      const record = storedRecord();
      if (!record) {
        stopChecking();
        if (knownToken !== null) syncFromOtherTab();
        return;
      }
      if (isSessionExpired(record, now())) {
        removeEverything();
        knownToken = null;
        stopChecking();
        channel?.postMessage({ type: 'signed-out' });
        emit({ type: 'expired' });
        return;
      }
      if (isRefreshDue(record, now()) && refreshNoticeSentFor !== record.token) {
        refreshNoticeSentFor = record.token;
        emit({ type: 'refresh-due', session: record });
      }
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    start(sources) {
      started = true;
      knownToken = current()?.token ?? null;
      const onActivity = () => manager.recordActivity();
      const onVisibility = () => {
        if (sources.document.visibilityState === 'visible') {
          manager.recordActivity();
          manager.check();
        }
      };
      const onStorage = (event: Event) => {
        const key = (event as StorageEvent).key;
        if (key === SESSION_KEY || key === AUTH_TOKEN_KEY || key === null) syncFromOtherTab();
      };
      const onMessage = (event: MessageEvent<unknown>) => {
        if (isBroadcastMessage(event.data)) syncFromOtherTab();
      };
      for (const type of ACTIVITY_EVENTS) {
        sources.window.addEventListener(type, onActivity, { passive: true, capture: true });
      }
      sources.document.addEventListener('visibilitychange', onVisibility);
      sources.window.addEventListener('storage', onStorage);
      channel?.addEventListener('message', onMessage);
      if (knownToken !== null) startChecking();
      return () => {
        started = false;
        stopChecking();
        for (const type of ACTIVITY_EVENTS) sources.window.removeEventListener(type, onActivity, { capture: true });
        sources.document.removeEventListener('visibilitychange', onVisibility);
        sources.window.removeEventListener('storage', onStorage);
        channel?.removeEventListener('message', onMessage);
      };
    },
  };
  return manager;
}
