/**
 * Tradier's refusals as the app's errors (https://documentation.tradier.com/brokerage-api/overview/errors and
 * /trading/getting-started order errors: 400 `{"errors":{"error":["Backoffice rejected override of the order.",
 * "DayTradingBuyingPowerExceeded"]}}`; 401 an invalid or expired token; 404; 429 past the rate limit, with
 * X-Ratelimit-Expiry).
 *
 * Rules:
 * - Buying power codes (DayTradingBuyingPowerExceeded, InitialMargin, MaintenanceMargin, "buying power" in the
 *   text) are insufficient_buying_power; selling more than held (LongPositionCrossZero, UnexpectedSellOrder) is
 *   insufficient_position, as at the paper broker (no short selling).
 * - An order code that names a field is BAD_USER_INPUT naming the app's field (quantity, price, stopPrice,
 *   timeInForce); any other 400 on an order is BAD_USER_INPUT with Tradier's text.
 * - A 400 on DELETE (the order is filled, cancelled or expired) is order_not_cancellable; 404 is NOT_FOUND.
 * - 401 is broker_error saying the connection must be verified again (never UNAUTHENTICATED: that would sign the
 *   user out of this app).
 * - 429 left after the client's retries is too_many_requests with the wait in seconds.
 * - Anything else is broker_error with the status. Tradier's text is cut to 200 characters; it never holds the
 *   token (it travels in a header only).
 */
import { AppError } from '../../errors';
import { rateLimitedError } from '../brokerHttp';
import type { TradierErrorBody } from './wire';

export class TradierError extends Error {
  override name = 'TradierError';
  constructor(
    readonly status: number,
    /** Tradier's messages and codes, in order. */
    readonly messages: readonly string[],
    readonly method: string,
    readonly path: string,
    /** Milliseconds to wait before trying again (429), when Tradier said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`Tradier ${method} ${path} answered ${status}: ${messages.join('; ').slice(0, 200)}`);
  }
}

/** The messages of an error body (JSON `errors.error` as one string or several, a fault, or plain text). */
export function errorMessages(text: string): string[] {
  let body: TradierErrorBody;
  try {
    body = JSON.parse(text) as TradierErrorBody;
  } catch {
    return text.trim() === '' ? [] : [text.trim().slice(0, 200)];
  }
  const error = body?.errors?.error;
  if (Array.isArray(error)) return error.map(String);
  if (typeof error === 'string') return [error];
  if (typeof body?.fault?.faultstring === 'string') return [body.fault.faultstring];
  return [];
}

const BROKER = 'Tradier';
const BUYING_POWER = new Set(['DayTradingBuyingPowerExceeded', 'InitialMargin', 'MaintenanceMargin']);
const POSITION = new Set(['LongPositionCrossZero', 'UnexpectedSellOrder', 'ShortStockTradingDeniedForAccount']);
/** Tradier's order codes that name one field of the app's order input. */
const FIELDS: Record<string, string> = {
  IncorrectOrderQuantity: 'quantity',
  OrderQuantity: 'quantity',
  LimitPriceUndefined: 'price',
  OrderPriceIsInvalid: 'price',
  QuotePriceIsInvalid: 'price',
  StopPriceUndefined: 'stopPrice',
  BuyStopOrderStopPriceLessAsk: 'stopPrice',
  SellStopOrderStopPriceGreaterBid: 'stopPrice',
  IncorrectTimeInForce: 'timeInForce',
};

function orderRefusal(messages: readonly string[], text: string): AppError {
  const codes = new Set(messages);
  if ([...BUYING_POWER].some((code) => codes.has(code)) || /buying power/i.test(text))
    return new AppError('insufficient_buying_power', text);
  if ([...POSITION].some((code) => codes.has(code))) return new AppError('insufficient_position', text);
  const field = messages.map((message) => FIELDS[message]).find(Boolean);
  if (field) return new AppError('BAD_USER_INPUT', `${field}: ${BROKER} refused the order (${text})`);
  return new AppError('BAD_USER_INPUT', `${BROKER} refused the order: ${text || 'invalid input'}`);
}

export function toAppError(error: TradierError): AppError {
  const text = error.messages.join(': ').slice(0, 200);
  switch (error.status) {
    case 400:
      if (error.method === 'DELETE') return new AppError('order_not_cancellable', text || 'order is not cancellable');
      return orderRefusal(error.messages, text);
    case 401:
      return new AppError('broker_error', `${BROKER} refused the access token: verify the connection again.`);
    case 403:
      return new AppError('broker_error', `${BROKER} refused the request: ${text || 'forbidden'}.`);
    case 404:
      return new AppError('NOT_FOUND', 'order not found');
    case 429:
      return rateLimitedError(BROKER, error.retryAfterMs);
    default:
      return new AppError('broker_error', `${BROKER} answered ${error.status}${text ? `: ${text}` : ''}.`);
  }
}
