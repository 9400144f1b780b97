/**
 * The life of a broker's order-update stream that reconnects (tradier/accountEvents.ts, alpaca/tradeUpdates.ts):
 * connecting → listening, refused for good, or closed by the caller; the delay between reconnections; the waiters
 * of `ready()`.
 *
 * Rules:
 * - `dropped()` (a close or failure that is not a refusal) connects again after a delay doubling from
 *   `reconnectMs` up to 30 s, reset once listening again; `onReconnect` is called when a reconnection is
 *   listening (not after the first connection), so the caller can read what it may have missed.
 * - `refused(error)` (the credentials were refused) stops for good: reconnecting would only be refused again.
 * - `close()` stops for good; nothing connects after it.
 */
export const MAX_RECONNECT_MS = 30_000;

export type StreamState = 'connecting' | 'listening' | 'unauthorized' | 'closed';

export interface StreamHandle {
  state(): StreamState;
  /** Resolves once listening (or rejects when refused or closed first). */
  ready(): Promise<void>;
  close(): void;
}

export interface StreamLifecycle {
  handle: StreamHandle;
  /** True once refused or closed: a connection attempt in flight gives up. */
  stopped(): boolean;
  /** Called by each connection attempt as it starts. */
  connecting(): void;
  listening(): void;
  refused(error: Error): void;
  dropped(): void;
}

export function streamLifecycle(
  name: string,
  options: { reconnectMs?: number; onReconnect?: () => void; onClose: () => void },
  connect: () => void,
): StreamLifecycle {
  const initialDelay = options.reconnectMs ?? 1000;
  let state: StreamState = 'connecting';
  let timer: NodeJS.Timeout | undefined;
  let delay = initialDelay;
  let connections = 0;
  const waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const settle = (error?: Error) => {
    for (const waiter of waiters.splice(0))
      if (error) waiter.reject(error);
      else waiter.resolve();
  };
  const stopped = () => state === 'closed' || state === 'unauthorized';

  return {
    stopped,
    connecting() {
      connections++;
      state = 'connecting';
    },
    listening() {
      if (stopped()) return;
      state = 'listening';
      delay = initialDelay;
      if (connections > 1) options.onReconnect?.();
      settle();
    },
    refused(error) {
      if (stopped()) return;
      state = 'unauthorized';
      settle(error);
    },
    dropped() {
      if (stopped()) return;
      state = 'connecting';
      clearTimeout(timer);
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_RECONNECT_MS);
    },
    handle: {
      state: () => state,
      ready: () =>
        state === 'listening'
          ? Promise.resolve()
          : stopped()
            ? Promise.reject(new Error(`${name}: ${state}`))
            : new Promise((resolve, reject) => waiters.push({ resolve, reject })),
      close() {
        state = 'closed';
        clearTimeout(timer);
        options.onClose();
        settle(new Error(`${name}: closed`));
      },
    },
  };
}
