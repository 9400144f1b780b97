/**
 * Tradier's brokerage API over REST (https://documentation.tradier.com/brokerage-api): the token's profile and
 * accounts, an account's balances, positions, cash movements (history) and orders (list, by id, place, cancel),
 * quotes to value positions, and the account events session. Live at https://api.tradier.com/v1, sandbox (paper) at
 * https://sandbox.tradier.com/v1: `baseUrl` includes the version.
 *
 * Rules:
 * - The access token travels in `Authorization: Bearer` only, never in a URL, a log or an error message.
 *   Requests ask for JSON (`Accept: application/json`); bodies are form-encoded.
 * - 429 and failed connections as ../brokerHttp.ts says: a 429 is sent again once Tradier's window ends
 *   (X-Ratelimit-Expiry, epoch milliseconds), then thrown with that wait; a new order whose connection failed is
 *   not sent again: it may have reached Tradier, so the caller looks it up by its tag (`orderByTag`).
 * - Every other non-2xx answer throws {@link TradierError} (./tradierErrors.ts maps it to the app's).
 */
import { createBrokerHttp, type BrokerHttpOptions } from '../brokerHttp';
import { errorMessages, TradierError } from './tradierErrors';
import {
  listOf,
  type TradierBalances,
  type TradierBalancesResponse,
  type TradierHistoryEvent,
  type TradierHistoryResponse,
  type TradierOrder,
  type TradierOrderAck,
  type TradierOrderRequest,
  type TradierOrderResponse,
  type TradierOrdersResponse,
  type TradierPosition,
  type TradierPositionsResponse,
  type TradierProfileAccount,
  type TradierProfileResponse,
  type TradierQuote,
  type TradierQuotesResponse,
  type TradierStreamSessionResponse,
} from './wire';

export const TRADIER_LIVE_URL = 'https://api.tradier.com/v1';
export const TRADIER_SANDBOX_URL = 'https://sandbox.tradier.com/v1';

export interface TradierRestOptions extends BrokerHttpOptions {
  /** e.g. https://sandbox.tradier.com/v1 */
  baseUrl: string;
  accessToken: string;
}

/** Milliseconds a 429 asks to wait: until X-Ratelimit-Expiry (epoch ms), or null when Tradier did not say. */
export function rateLimitWaitMs(headers: Headers, now: number): number | null {
  const expiry = Number(headers.get('x-ratelimit-expiry'));
  if (headers.get('x-ratelimit-expiry') === null || !Number.isFinite(expiry)) return null;
  return Math.max(0, expiry - now);
}

type Method = 'GET' | 'POST' | 'DELETE';

/** History events asked for per page. */
const HISTORY_PAGE = 1000;

export function createTradierRest(options: TradierRestOptions) {
  const send = createBrokerHttp(options, rateLimitWaitMs);
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${options.accessToken}`, accept: 'application/json' };

  async function call<T>(
    method: Method,
    path: string,
    { query, form }: { query?: Record<string, string>; form?: Record<string, string> } = {},
  ): Promise<T> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    const init: RequestInit = {
      method,
      headers: form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
    };
    const { response, waitMs } = await send(url, init, method !== 'POST');
    const text = await response.text();
    if (response.ok) return (text === '' ? undefined : JSON.parse(text)) as T;
    throw new TradierError(response.status, errorMessages(text), method, url.pathname, waitMs);
  }

  const id = (value: string | number) => encodeURIComponent(String(value));

  /** One account's calls. */
  function account(accountId: string) {
    const path = `/accounts/${id(accountId)}`;
    const orders = async (): Promise<TradierOrder[]> =>
      listOf<TradierOrder>((await call<TradierOrdersResponse>('GET', `${path}/orders`)).orders, 'order');
    return {
      balances: async (): Promise<TradierBalances> =>
        (await call<TradierBalancesResponse>('GET', `${path}/balances`)).balances,
      positions: async (): Promise<TradierPosition[]> =>
        listOf<TradierPosition>(
          (await call<TradierPositionsResponse>('GET', `${path}/positions`)).positions,
          'position',
        ),
      /** Every history event of `type` (ach, wire, journal…), page after page (HISTORY_PAGE each). */
      async history(type: string): Promise<TradierHistoryEvent[]> {
        const all: TradierHistoryEvent[] = [];
        for (let page = 1; ; page++) {
          const events = listOf<TradierHistoryEvent>(
            (
              await call<TradierHistoryResponse>('GET', `${path}/history`, {
                query: { type, page: String(page), limit: String(HISTORY_PAGE) },
              })
            ).history,
            'event',
          );
          all.push(...events);
          if (events.length < HISTORY_PAGE) return all;
        }
      },
      /** The account's orders of the day and its working ones, newest first as Tradier lists them. */
      orders,
      order: async (orderId: string | number): Promise<TradierOrder> =>
        (await call<TradierOrderResponse>('GET', `${path}/orders/${id(orderId)}`)).order,
      /** The order placed with this tag (./mapping.ts `tradierTag`), or null. */
      orderByTag: async (tag: string): Promise<TradierOrder | null> =>
        (await orders()).find((order) => order.tag === tag) ?? null,
      placeOrder: async (order: TradierOrderRequest): Promise<TradierOrderAck['order']> =>
        (await call<TradierOrderAck>('POST', `${path}/orders`, { form: { ...order } })).order,
      /** Tradier accepted the cancel request (the order's canceled event follows). */
      cancelOrder: async (orderId: string | number): Promise<TradierOrderAck['order']> =>
        (await call<TradierOrderAck>('DELETE', `${path}/orders/${id(orderId)}`)).order,
    };
  }

  return {
    /** The accounts this token opens (one or several). */
    accounts: async (): Promise<TradierProfileAccount[]> =>
      listOf<TradierProfileAccount>((await call<TradierProfileResponse>('GET', '/user/profile')).profile, 'account'),
    account,
    quotes: async (symbols: readonly string[]): Promise<TradierQuote[]> =>
      symbols.length === 0
        ? []
        : listOf<TradierQuote>(
            (await call<TradierQuotesResponse>('GET', '/markets/quotes', { query: { symbols: symbols.join(',') } }))
              .quotes,
            'quote',
          ),
    /** A session for the account events WebSocket (valid a few minutes, for one connection). */
    eventsSession: async () => (await call<TradierStreamSessionResponse>('POST', '/accounts/events/session')).stream,
  };
}

export type TradierRest = ReturnType<typeof createTradierRest>;
export type TradierAccountRest = ReturnType<TradierRest['account']>;
