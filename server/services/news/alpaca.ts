import type { NewsProvider, NewsQuery, RawNewsItem } from './provider';

/**
 * Alpaca news (https://docs.alpaca.markets/reference/news-3): REST GET {dataUrl}/v1beta1/news with the
 * market-data keys (APCA-API-KEY-ID / APCA-API-SECRET-KEY), newest first (`sort=desc`), at most 50 a page.
 * REST polling on demand with a short cache (`ttlMs`) rather than the news WebSocket: the app reads news when a
 * screen opens, and the stream would hold one more connection per key (Alpaca allows one) for no gain.
 */
export interface AlpacaNewsOptions {
  dataUrl: string;
  keyId: string;
  secretKey: string;
  fetch?: typeof fetch;
  now?: () => number;
  ttlMs?: number;
}

/** One article as Alpaca sends it. */
export interface AlpacaNewsArticle {
  id: number;
  headline: string;
  author?: string;
  created_at: string;
  updated_at?: string;
  summary?: string;
  content?: string;
  url?: string | null;
  symbols?: string[];
  source?: string;
}

export const ALPACA_NEWS_PAGE = 50;
export const ALPACA_NEWS_TTL_MS = 60_000;

export function fromAlpaca(article: AlpacaNewsArticle): RawNewsItem {
  return {
    id: String(article.id),
    headline: article.headline,
    summary: article.summary ?? '',
    url: article.url ?? `https://app.alpaca.markets/news/${article.id}`,
    source: article.source ?? 'alpaca',
    publishedAt: Date.parse(article.created_at),
    symbols: (article.symbols ?? []).map((s) => s.toUpperCase()),
    category: 'GENERAL',
  };
}

export class AlpacaNews implements NewsProvider {
  readonly name = 'alpaca';
  private readonly cache = new Map<string, { at: number; items: Promise<RawNewsItem[]> }>();

  constructor(private readonly options: AlpacaNewsOptions) {}

  private async load(symbols: readonly string[], limit: number): Promise<RawNewsItem[]> {
    const { dataUrl, keyId, secretKey, fetch: get = fetch } = this.options;
    const url = new URL('/v1beta1/news', dataUrl);
    if (symbols.length > 0) url.searchParams.set('symbols', symbols.join(','));
    url.searchParams.set('limit', String(Math.min(limit, ALPACA_NEWS_PAGE)));
    url.searchParams.set('sort', 'desc');
    const response = await get(url, {
      headers: { 'APCA-API-KEY-ID': keyId, 'APCA-API-SECRET-KEY': secretKey, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Alpaca news answered HTTP ${response.status}`);
    const body = (await response.json()) as { news?: AlpacaNewsArticle[] };
    return (body.news ?? []).filter((a) => a.headline && Number.isFinite(Date.parse(a.created_at))).map(fromAlpaca);
  }

  list({ symbols, limit }: NewsQuery): Promise<RawNewsItem[]> {
    const { now = Date.now, ttlMs = ALPACA_NEWS_TTL_MS } = this.options;
    const key = `${[...symbols].sort().join(',')}|${limit}`;
    const cached = this.cache.get(key);
    if (cached && now() - cached.at < ttlMs) return cached.items;
    const items = this.load(symbols, limit);
    this.cache.set(key, { at: now(), items });
    // a failure is not cached: the next call asks again
    items.catch(() => this.cache.delete(key));
    return items;
  }
}
