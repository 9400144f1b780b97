import { CloseCode, createClient, type Client } from 'graphql-ws';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { authorizationHeader, clearAuthToken, storedAuthToken } from '../auth/token';
import { handleAuthFailure, type AuthFailureEffects } from './errors';
import type { TypedDocumentString } from './generated/graphql';
import { stripTypename } from './stripTypename';

/** Longest wait between two reconnection attempts. */
export const SUBSCRIPTION_RETRY_CAP_MS = 30_000;
const SUBSCRIPTION_RETRY_BASE_MS = 1_000;

/** Close code of a server shutting down (1001, going away): its sockets reconnect at once, to another server. */
const GOING_AWAY = 1001;
/** Spread of the first reconnection after a going-away close, so that a server's clients do not all return at once. */
export const GOING_AWAY_RETRY_SPREAD_MS = 250;

/**
 * Wait before reconnection attempt `retries` (0-based): exponential from 1 s, capped at 30 s, with jitter. The
 * first attempt after a going-away close (`lastCloseCode` 1001: the server shuts down, another may answer) waits
 * only up to GOING_AWAY_RETRY_SPREAD_MS; the attempts after it back off as usual.
 */
export function subscriptionRetryDelay(
  retries: number,
  random: () => number = Math.random,
  lastCloseCode: number | null = null,
): number {
  if (retries === 0 && lastCloseCode === GOING_AWAY) return random() * GOING_AWAY_RETRY_SPREAD_MS;
  const exponential = Math.min(SUBSCRIPTION_RETRY_CAP_MS, SUBSCRIPTION_RETRY_BASE_MS * 2 ** retries);
  // "Equal jitter": half fixed, half random, so clients that dropped together do not return together.
  return exponential / 2 + random() * (exponential / 2);
}

/** ws(s)://<host>/graphql for a page served from `origin` (http → ws, https → wss). */
export function subscriptionUrl(origin: string): string {
  const url = new URL('/graphql', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The socket's state (spec §3 Chat state isConnected / isReconnecting): `connecting` the first time (or when a
 * lazy socket opens again), `reconnecting` from a close that will be retried until the socket is back,
 * `disconnected` when nothing will bring it back by itself (no subscription left, or a final close).
 */
export type SubscriptionConnection = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export type ConnectionEvent =
  | { type: 'connecting'; isRetry: boolean }
  | { type: 'connected' }
  /** `code`: the close code, null when the socket failed without one; `subscribed`: subscriptions still wait. */
  | { type: 'closed'; code: number | null; subscribed: boolean };

/** graphql-ws never retries after these (protocol errors, 4401 Unauthorized, …); see its shouldRetry. */
const FINAL_CLOSE_CODES = new Set([4500, 4005, 4400, 4004, 4401, 4406, 4409, 4429]);
/** 1xxx codes graphql-ws retries; the other 1000–1999 codes are final. */
const RETRIED_1XXX = new Set([1000, 1001, 1005, 1006, 1012, 1013, 1014]);

/** Whether the client (retryAttempts ∞, shouldRetry always) will try again after this close. */
function closeIsRetried(code: number | null, subscribed: boolean): boolean {
  if (!subscribed) return false;
  if (code === null) return true;
  if (FINAL_CLOSE_CODES.has(code)) return false;
  return !(code >= 1000 && code <= 1999 && !RETRIED_1XXX.has(code));
}

/** The state after one of the client's events. Pure, so each transition is tested. */
export function nextConnection(current: SubscriptionConnection, event: ConnectionEvent): SubscriptionConnection {
  switch (event.type) {
    case 'connecting':
      return event.isRetry || current === 'reconnecting' ? 'reconnecting' : 'connecting';
    case 'connected':
      return 'connected';
    case 'closed':
      return closeIsRetried(event.code, event.subscribed) ? 'reconnecting' : 'disconnected';
  }
}

let connection: SubscriptionConnection = 'disconnected';
const connectionListeners = new Set<() => void>();
function setConnection(next: SubscriptionConnection): void {
  if (next === connection) return;
  connection = next;
  for (const listener of connectionListeners) listener();
}
const reportConnection = (event: ConnectionEvent) => setConnection(nextConnection(connection, event));

/** Subscriptions started and not yet stopped or ended: a close with none left is the lazy socket's own. */
let activeSubscriptions = 0;

/** The live connection's state, for "Live"/"Reconnecting…" indicators. */
export function useSubscriptionConnection(): SubscriptionConnection {
  return useSyncExternalStore(
    (listener) => {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    () => connection,
    () => 'disconnected',
  );
}

const browserAuthEffects: AuthFailureEffects = {
  hasStoredToken: () => storedAuthToken() !== null,
  clearToken: () => clearAuthToken(),
  currentPath: () => window.location.pathname,
  redirect: (path) => window.location.assign(path),
};

function isCloseEvent(value: unknown): value is { code: number; reason: string } {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

/** Code of the socket's last close (null when it failed without one): picks the next reconnection's wait. */
let lastCloseCode: number | null = null;

/** A 4401 close carries the server's "unauthorized" text: the same sign-out rule as HTTP answers (spec §8). */
function handleClose(event: unknown): void {
  lastCloseCode = isCloseEvent(event) ? event.code : null;
  reportConnection({ type: 'closed', code: lastCloseCode, subscribed: activeSubscriptions > 0 });
  if (!isCloseEvent(event) || event.code !== CloseCode.Unauthorized) return;
  handleAuthFailure({ response: { errors: [{ message: event.reason || 'unauthorized' }] } }, browserAuthEffects);
}

let client: Client | null = null;

/**
 * The one graphql-ws client: lazy (connects on the first subscription, closes after the last), the bearer
 * token in connectionParams, and reconnects with backoff for as long as the page lives (except 4401), at once
 * after a server's going-away close (1001, shutdown).
 */
export function subscriptionClient(): Client {
  client ??= createClient({
    url: () => subscriptionUrl(window.location.origin),
    connectionParams: () => ({ authorization: authorizationHeader() }),
    lazy: true,
    lazyCloseTimeout: 3_000,
    keepAlive: 15_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    // Also retry when the socket could not even open (offline, server restarting).
    shouldRetry: () => true,
    retryWait: (retries) =>
      new Promise((resolve) => setTimeout(resolve, subscriptionRetryDelay(retries, Math.random, lastCloseCode))),
    on: {
      connecting: (isRetry) => reportConnection({ type: 'connecting', isRetry }),
      connected: () => reportConnection({ type: 'connected' }),
      closed: handleClose,
    },
  });
  return client;
}

export interface SubscriptionHandlers<TResult> {
  next(data: TResult): void;
  /** The subscription ended: the server refused it (GraphQL errors) or the connection failed for good. */
  error?(error: unknown): void;
}

/** Starts a typed subscription; returns the function that stops it. */
export function subscribe<TResult, TVariables extends Record<string, unknown>>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  handlers: SubscriptionHandlers<TResult>,
): () => void {
  let active = true;
  activeSubscriptions += 1;
  const ended = () => {
    if (!active) return;
    active = false;
    activeSubscriptions -= 1;
  };
  const dispose = subscriptionClient().subscribe<TResult>(
    { query: document.toString(), variables: stripTypename(variables) },
    {
      // A push whose resolver failed carries errors and no data; the subscription itself goes on.
      next: (result) => {
        if (result.data) handlers.next(result.data);
      },
      error: (error) => {
        ended();
        handlers.error?.(error);
      },
      complete: ended,
    },
  );
  return () => {
    ended();
    dispose();
  };
}

/** How long a subscription that ended in error waits before it starts again. */
const RESUBSCRIBE_DELAY_MS = 5_000;

/**
 * Keeps a subscription running while the component is mounted (and `enabled`), calling `onData` with every
 * push. It restarts when the variables change, and again after an error (at once when the browser comes
 * back online). `onData` may change between renders without restarting it.
 */
export function useSubscription<TResult, TVariables extends Record<string, unknown>>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  onData: (data: TResult) => void,
  { enabled = true }: { enabled?: boolean } = {},
): void {
  const handleData = useEffectEvent(onData);
  const variablesKey = JSON.stringify(variables);
  useEffect(() => {
    if (!enabled) return;
    const parsed = JSON.parse(variablesKey) as TVariables;
    let stop: (() => void) | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      clearTimeout(retryTimer);
      stop?.();
      stop = subscribe(document, parsed, {
        next: (data) => handleData(data),
        error: () => {
          stop = null;
          retryTimer = setTimeout(start, RESUBSCRIBE_DELAY_MS);
        },
      });
    };
    const restartIfStopped = () => {
      if (stop === null) start();
    };
    start();
    window.addEventListener('online', restartIfStopped);
    return () => {
      window.removeEventListener('online', restartIfStopped);
      clearTimeout(retryTimer);
      stop?.();
    };
  }, [document, variablesKey, enabled]);
}
