/**
 * Alpaca Market Data API v2 over REST (https://docs.alpaca.markets/reference/stockbars): historical bars of
 * one symbol or many, and snapshots (latest trade, latest quote, minute/daily/previous daily bar). Every
 * request carries the APCA-API-KEY-ID / APCA-API-SECRET-KEY headers; paged answers are followed through
 * `next_page_token`.
 */

export interface AlpacaCredentials {
  keyId: string;
  secretKey: string;
}

/** A bar as Alpaca sends it: t = RFC 3339 start time, o/h/l/c prices, v volume. */
export interface AlpacaBar {
  t: string;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export interface AlpacaTrade {
  t: string;
  p: number;
  s: number;
}

export interface AlpacaQuote {
  t: string;
  bp: number;
  bs: number;
  ap: number;
  as: number;
}

export interface AlpacaSnapshot {
  latestTrade?: AlpacaTrade | null;
  latestQuote?: AlpacaQuote | null;
  minuteBar?: AlpacaBar | null;
  dailyBar?: AlpacaBar | null;
  prevDailyBar?: AlpacaBar | null;
}

export type AlpacaTimeframe = '1Min' | '5Min' | '15Min' | '1Hour' | '1Day';

export interface BarsQuery {
  timeframe: AlpacaTimeframe;
  /** RFC 3339 start (inclusive). */
  start: string;
  /** Bars wanted in all (per symbol for one symbol); pages are followed until reached or exhausted. */
  limit: number;
  /** 'desc' returns the newest first. */
  sort?: 'asc' | 'desc';
}

/** Most bars Alpaca returns per page. */
export const ALPACA_PAGE_LIMIT = 10_000;
/** Pages followed at most per call (a safety bound against a server that never stops paging). */
export const MAX_PAGES = 100;

export class AlpacaRequestError extends Error {
  override name = 'AlpacaRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AlpacaRestOptions extends AlpacaCredentials {
  /** e.g. https://data.alpaca.markets */
  dataUrl: string;
  /** Data feed: 'iex' (free) or 'sip'. */
  feed?: string;
  fetch?: typeof fetch;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
}

export function createAlpacaRest(options: AlpacaRestOptions) {
  const doFetch = options.fetch ?? fetch;
  const feed = options.feed ?? 'iex';
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, options.dataUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const request = () =>
      doFetch(url, {
        headers: {
          'APCA-API-KEY-ID': options.keyId,
          'APCA-API-SECRET-KEY': options.secretKey,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    // A GET is safe to repeat: retry once when the connection fails (e.g. a pooled keep-alive socket the
    // server had just closed), not when the server answered.
    const response = await request().catch((error: unknown) => {
      if (error instanceof TypeError) return request();
      throw error;
    });
    if (!response.ok) {
      const text = (await response.text()).slice(0, 200);
      throw new AlpacaRequestError(response.status, `Alpaca ${url.pathname} answered ${response.status}: ${text}`);
    }
    return (await response.json()) as T;
  }

  const barParams = (query: BarsQuery, pageLimit: number): Record<string, string> => ({
    timeframe: query.timeframe,
    start: query.start,
    limit: String(pageLimit),
    sort: query.sort ?? 'asc',
    feed,
    adjustment: 'raw',
  });

  return {
    /** `GET /v2/stocks/{symbol}/bars`: up to `query.limit` bars, following next_page_token. */
    async bars(symbol: string, query: BarsQuery): Promise<AlpacaBar[]> {
      const out: AlpacaBar[] = [];
      let token: string | null | undefined;
      for (let page = 0; page < MAX_PAGES && out.length < query.limit; page++) {
        const params = barParams(query, Math.min(ALPACA_PAGE_LIMIT, query.limit - out.length));
        if (token) params.page_token = token;
        const body = await get<{ bars: AlpacaBar[] | null; next_page_token?: string | null }>(
          `/v2/stocks/${encodeURIComponent(symbol)}/bars`,
          params,
        );
        out.push(...(body.bars ?? []));
        token = body.next_page_token;
        if (!token) break;
      }
      return out.slice(0, query.limit);
    },

    /** `GET /v2/stocks/bars?symbols=…`: bars per symbol, every page followed (limit is per page here). */
    async multiBars(symbols: readonly string[], query: BarsQuery): Promise<Record<string, AlpacaBar[]>> {
      const out: Record<string, AlpacaBar[]> = {};
      let token: string | null | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const params: Record<string, string> = {
          ...barParams(query, Math.min(ALPACA_PAGE_LIMIT, query.limit)),
          symbols: symbols.join(','),
        };
        if (token) params.page_token = token;
        const body = await get<{ bars: Record<string, AlpacaBar[]> | null; next_page_token?: string | null }>(
          '/v2/stocks/bars',
          params,
        );
        for (const [symbol, bars] of Object.entries(body.bars ?? {})) (out[symbol] ??= []).push(...bars);
        token = body.next_page_token;
        if (!token) break;
      }
      return out;
    },

    /** `GET /v2/stocks/snapshots?symbols=…`: symbols Alpaca does not know are absent. */
    async snapshots(symbols: readonly string[]): Promise<Record<string, AlpacaSnapshot>> {
      if (symbols.length === 0) return {};
      return get<Record<string, AlpacaSnapshot>>('/v2/stocks/snapshots', { symbols: symbols.join(','), feed });
    },
  };
}

export type AlpacaRest = ReturnType<typeof createAlpacaRest>;
