import { AlpacaNewsStream } from './alpacaStream';
import type { NewsProvider, NewsQuery, RawNewsItem } from './provider';

/**
 * Alpaca news (https://docs.alpaca.markets/reference/news-3): REST GET {dataUrl}/v1beta1/news with the
 * market-data keys (APCA-API-KEY-ID / APCA-API-SECRET-KEY), newest first (`sort=desc`), at most 50 a page, read on
 * demand with a short cache (`ttlMs`). Live stories come from the news WebSocket (`alpacaStream.ts`, at
 * /v1beta1/news of the market stream's host): `subscribe` opens it for its first listener and closes it after the
 * last, and only the leader subscribes (server/services/news/live.ts, run by runWhileLeader), because Alpaca
 * allows one stream per key. Every process `remember`s the stories the leader publishes on the event bus, so
 * news() lists them at once, merged with the cached REST page, without waiting for the cache to expire.
 */
export interface AlpacaNewsOptions {
  dataUrl: string;
  keyId: string;
  secretKey: string;
  /** The news stream, e.g. wss://stream.data.alpaca.markets/v1beta1/news; unset: no `subscribe`. */
  streamUrl?: string;
  /** First reconnect delay of the stream (ms). */
  reconnectMs?: number;
  onStreamError?: (error: Error) => void;
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
/** Streamed stories kept for news() (newest first). */
export const ALPACA_RECENT_ITEMS = 500;

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
  /** Streamed stories, newest first, at most ALPACA_RECENT_ITEMS. */
  private recent: RawNewsItem[] = [];
  private readonly listeners = new Set<(item: RawNewsItem) => void>();
  private stream: AlpacaNewsStream | undefined;

  constructor(private readonly options: AlpacaNewsOptions) {}

  /** Whether the news stream is open and subscribed (on the leader). */
  get streaming(): boolean {
    return this.stream?.ready ?? false;
  }

  subscribe(listener: (item: RawNewsItem) => void): () => void {
    const { streamUrl, keyId, secretKey, reconnectMs, onStreamError } = this.options;
    if (!streamUrl) return () => undefined;
    this.listeners.add(listener);
    this.stream ??= new AlpacaNewsStream({
      url: streamUrl,
      keyId,
      secretKey,
      reconnectMs,
      onError: onStreamError,
      onArticle: (article) => {
        const item = fromAlpaca(article);
        for (const each of this.listeners) each(item);
      },
    });
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.stream?.close();
      this.stream = undefined;
    };
  }

  /** A streamed story (from the bus): listed by news() from now on, an update replacing the story of its id. */
  remember(item: RawNewsItem): void {
    this.recent = [item, ...this.recent.filter((other) => other.id !== item.id)]
      .sort((a, b) => b.publishedAt - a.publishedAt)
      .slice(0, ALPACA_RECENT_ITEMS);
  }

  private withRecent(items: RawNewsItem[], { symbols, limit }: NewsQuery): RawNewsItem[] {
    const streamed = this.recent.filter((i) => symbols.length === 0 || i.symbols.some((s) => symbols.includes(s)));
    if (streamed.length === 0) return items;
    const ids = new Set(streamed.map((i) => i.id));
    return [...streamed, ...items.filter((i) => !ids.has(i.id))]
      .sort((a, b) => b.publishedAt - a.publishedAt)
      .slice(0, limit);
  }

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

  list(query: NewsQuery): Promise<RawNewsItem[]> {
    const { symbols, limit } = query;
    const { now = Date.now, ttlMs = ALPACA_NEWS_TTL_MS } = this.options;
    const key = `${[...symbols].sort().join(',')}|${limit}`;
    const cached = this.cache.get(key);
    if (cached && now() - cached.at < ttlMs) return cached.items.then((items) => this.withRecent(items, query));
    const items = this.load(symbols, limit);
    this.cache.set(key, { at: now(), items });
    // a failure is not cached: the next call asks again
    items.catch(() => this.cache.delete(key));
    return items.then((loaded) => this.withRecent(loaded, query));
  }
}
