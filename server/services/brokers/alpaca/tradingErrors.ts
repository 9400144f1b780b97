/**
 * Alpaca's refusals as the app's errors (https://docs.alpaca.markets/reference/postorder: 403 "buying power or
 * shares is not sufficient", 422 "input parameters are not recognized"; 404 unknown order; 401 / 403 on bad
 * credentials; 429 rate limited, with `Retry-After` or `X-RateLimit-Reset`).
 *
 * Rules:
 * - An order refusal keeps the paper broker's codes where they mean the same: insufficient_buying_power,
 *   insufficient_position; an order that is no longer cancellable (422 on DELETE) is order_not_cancellable.
 * - 422 otherwise is BAD_USER_INPUT with Alpaca's message (it names the field: "qty must be > 0").
 * - 404 is NOT_FOUND. Bad credentials are broker_error saying the connection must be verified again (never
 *   UNAUTHENTICATED: that would sign the user out of this app).
 * - 429 left after the client's retries is too_many_requests with the wait in seconds.
 * - Anything else is broker_error with the status; Alpaca's message is cut to 200 characters and never holds
 *   the credentials (they travel in headers only).
 */
import { AppError } from '../../errors';
import { rateLimitedError } from '../brokerHttp';
import type { AlpacaErrorBody } from './wire';

export class AlpacaTradingError extends Error {
  override name = 'AlpacaTradingError';
  constructor(
    readonly status: number,
    readonly body: AlpacaErrorBody,
    readonly method: string,
    readonly path: string,
    /** Milliseconds to wait before trying again (429), when Alpaca said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`Alpaca ${method} ${path} answered ${status}: ${(body.message ?? '').slice(0, 200)}`);
  }
}

const BROKER = 'Alpaca';

export function toAppError(error: AlpacaTradingError): AppError {
  const message = (error.body.message ?? '').slice(0, 200);
  const lower = message.toLowerCase();
  switch (error.status) {
    case 401:
      return new AppError('broker_error', `${BROKER} refused the credentials: verify the connection again.`);
    case 403:
      if (lower.includes('buying power')) return new AppError('insufficient_buying_power', message);
      if (lower.includes('qty') || lower.includes('shares') || lower.includes('position'))
        return new AppError('insufficient_position', message);
      return new AppError('broker_error', `${BROKER} refused the request: ${message || 'forbidden'}.`);
    case 404:
      return new AppError('NOT_FOUND', 'order not found');
    case 422:
      if (error.method === 'DELETE') return new AppError('order_not_cancellable', message);
      return new AppError('BAD_USER_INPUT', `${BROKER} refused the order: ${message || 'invalid input'}`);
    case 429:
      return rateLimitedError(BROKER, error.retryAfterMs);
    default:
      return new AppError('broker_error', `${BROKER} answered ${error.status}${message ? `: ${message}` : ''}.`);
  }
}
