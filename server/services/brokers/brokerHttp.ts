/**
 * The HTTP plumbing the brokers' REST clients share (tradier/tradierRest.ts, alpaca/tradingRest.ts): a timeout per
 * request, 429 retried after the broker's wait, a failed connection retried once when repeating the request is
 * safe, and the refusal left over as the app's too_many_requests.
 *
 * Rules:
 * - 429: the broker did not act on the request, so any request (an order too) is sent again after the wait the
 *   broker gives (`waitOf`; 1 s when it gives none), `retries` times at most. A wait longer than `maxWaitMs` is
 *   not waited (sending earlier would only be refused again, and the user would wait on the request): that 429
 *   is returned at once, like the last one, with the wait for the caller to throw.
 * - A connection that fails before any answer (a TypeError from fetch) is tried once more when `repeatable`
 *   (reads and cancels), never for a new order: it may have reached the broker.
 */
import { AppError } from '../errors';

export interface BrokerHttpOptions {
  fetch?: typeof fetch;
  /** Per-request timeout (ms), default 10 s. */
  timeoutMs?: number;
  /** 429 retries, default 2. */
  retries?: number;
  /** Longest wait before a retry (ms), default 5 s. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface BrokerResponse {
  response: Response;
  /** The wait the broker asked for on a 429 (ms), or null. */
  waitMs: number | null;
}

export function createBrokerHttp(
  options: BrokerHttpOptions,
  /** Milliseconds a 429 asks to wait, read from its headers, or null when the broker did not say. */
  waitOf: (headers: Headers, now: number) => number | null,
) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;

  return async function send(url: URL, init: RequestInit, repeatable: boolean): Promise<BrokerResponse> {
    const once = () => doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    for (let attempt = 0; ; attempt++) {
      const response = await once().catch((error: unknown) => {
        if (repeatable && error instanceof TypeError) return once();
        throw error;
      });
      if (response.status !== 429) return { response, waitMs: null };
      const waitMs = waitOf(response.headers, now());
      if (attempt >= retries || (waitMs ?? 1000) > maxWaitMs) return { response, waitMs };
      await response.arrayBuffer().catch(() => undefined);
      await sleep(waitMs ?? 1000);
    }
  };
}

/** A 429 left after the retries, as the app's error: the wait in whole seconds (at least 1). */
export function rateLimitedError(broker: string, retryAfterMs: number | null): AppError {
  const retryAfter = Math.max(1, Math.ceil((retryAfterMs ?? 1000) / 1000));
  return new AppError('too_many_requests', `${broker} is rate limiting this account: try again shortly.`, {
    retryAfter,
  });
}
