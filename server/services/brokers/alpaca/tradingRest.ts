/**
 * Alpaca Trading API v2 over REST (https://docs.alpaca.markets/reference): the account, positions, orders
 * (place, cancel, list, by id, by client order id), the market clock, fills, cash transfers and the daily portfolio
 * history, for paper
 * (https://paper-api.alpaca.markets) or live (https://api.alpaca.markets) accounts.
 *
 * Rules:
 * - Credentials: an API key pair (APCA-API-KEY-ID / APCA-API-SECRET-KEY headers) or an OAuth access token
 *   (Authorization: Bearer). They travel in headers only, never in a URL, a log or an error message.
 * - 429 and failed connections as ../brokerHttp.ts says: a 429 is sent again after the wait Alpaca gives
 *   (Retry-After seconds, else X-RateLimit-Reset epoch seconds, else 1 s), then thrown with that wait; a new order
 *   whose connection failed is not sent again: it may have reached Alpaca, so the caller looks it up by its client
 *   order id.
 * - Every other non-2xx answer throws {@link AlpacaTradingError} (./tradingErrors.ts maps it to the app's).
 */
import { createBrokerHttp, type BrokerHttpOptions } from '../brokerHttp';
import { AlpacaTradingError } from './tradingErrors';
import type {
  AlpacaAccount,
  AlpacaCashActivity,
  AlpacaClock,
  AlpacaErrorBody,
  AlpacaFillActivity,
  AlpacaOrder,
  AlpacaOrderRequest,
  AlpacaPortfolioHistory,
  AlpacaPosition,
} from './wire';

export type AlpacaAuth = { kind: 'keys'; keyId: string; secretKey: string } | { kind: 'oauth'; accessToken: string };

export interface AlpacaTradingOptions extends BrokerHttpOptions {
  /** e.g. https://paper-api.alpaca.markets */
  baseUrl: string;
  auth: AlpacaAuth;
}

export function authHeaders(auth: AlpacaAuth): Record<string, string> {
  return auth.kind === 'keys'
    ? { 'APCA-API-KEY-ID': auth.keyId, 'APCA-API-SECRET-KEY': auth.secretKey }
    : { authorization: `Bearer ${auth.accessToken}` };
}

/** Milliseconds a 429 asks to wait: Retry-After (seconds), else X-RateLimit-Reset (epoch seconds), else null. */
export function retryAfterMs(headers: Headers, now: number): number | null {
  const after = Number(headers.get('retry-after'));
  if (headers.get('retry-after') !== null && Number.isFinite(after)) return Math.max(0, after * 1000);
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (headers.get('x-ratelimit-reset') !== null && Number.isFinite(reset)) return Math.max(0, reset * 1000 - now);
  return null;
}

export interface OrdersListQuery {
  status?: 'open' | 'closed' | 'all';
  limit?: number;
  symbols?: string[];
}

export function createAlpacaTradingRest(options: AlpacaTradingOptions) {
  const send = createBrokerHttp(options, retryAfterMs);
  const headers = { ...authHeaders(options.auth), accept: 'application/json' };

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    { query, body }: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> {
    const url = new URL(path, options.baseUrl);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    const init: RequestInit = {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    const { response, waitMs } = await send(url, init, method !== 'POST');
    if (response.ok) {
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text === '' ? undefined : JSON.parse(text)) as T;
    }
    const errorBody = (await response.json().catch(() => ({}))) as AlpacaErrorBody;
    throw new AlpacaTradingError(response.status, errorBody, method, url.pathname, waitMs);
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    account: () => call<AlpacaAccount>('GET', '/v2/account'),
    positions: () => call<AlpacaPosition[]>('GET', '/v2/positions'),
    clock: () => call<AlpacaClock>('GET', '/v2/clock'),
    placeOrder: (order: AlpacaOrderRequest) => call<AlpacaOrder>('POST', '/v2/orders', { body: order }),
    /** 204 when Alpaca accepted the cancel request (the order's `canceled` update follows on the stream). */
    cancelOrder: (orderId: string) => call<void>('DELETE', `/v2/orders/${id(orderId)}`),
    order: (orderId: string) => call<AlpacaOrder>('GET', `/v2/orders/${id(orderId)}`),
    orderByClientId: (clientOrderId: string) =>
      call<AlpacaOrder>('GET', '/v2/orders:by_client_order_id', { query: { client_order_id: clientOrderId } }),
    orders: ({ status = 'all', limit = 50, symbols }: OrdersListQuery = {}) =>
      call<AlpacaOrder[]>('GET', '/v2/orders', {
        query: {
          status,
          limit: String(Math.min(500, Math.max(1, limit))),
          direction: 'desc',
          ...(symbols?.length ? { symbols: symbols.join(',') } : {}),
        },
      }),
    fills: (pageSize = 100) =>
      call<AlpacaFillActivity[]>('GET', '/v2/account/activities/FILL', {
        query: { direction: 'desc', page_size: String(Math.min(100, pageSize)) },
      }),
    /** Every cash deposit and withdrawal (CSD, CSW), oldest first, page after page (100 each, Alpaca's largest). */
    async cashTransfers(): Promise<AlpacaCashActivity[]> {
      const all: AlpacaCashActivity[] = [];
      for (let pageToken: string | undefined; ;) {
        const page = await call<AlpacaCashActivity[]>('GET', '/v2/account/activities', {
          query: {
            activity_types: 'CSD,CSW',
            direction: 'asc',
            page_size: '100',
            ...(pageToken ? { page_token: pageToken } : {}),
          },
        });
        all.push(...page);
        if (page.length < 100) return all;
        pageToken = page[page.length - 1]!.id;
      }
    },
    /** The account's value at each day's close from `start` to `end` ('YYYY-MM-DD', New York days). */
    dailyHistory: (start: string, end: string) =>
      call<AlpacaPortfolioHistory>('GET', '/v2/account/portfolio/history', {
        query: { timeframe: '1D', start: `${start}T00:00:00-05:00`, end: `${end}T23:59:59-05:00` },
      }),
  };
}

export type AlpacaTradingRest = ReturnType<typeof createAlpacaTradingRest>;
