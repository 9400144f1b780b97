import type { NewsStory } from '../../../src/domain/news/story';

/**
 * Source of news for the app (spec §3 News; issue 16 point 1), like MarketDataProvider for quotes. The embedded
 * default derives news from the simulated market's own days (simulated.ts); RSS/Atom feeds (rss.ts) and Alpaca
 * news (alpaca.ts) implement the same interface. Providers return raw items: the news service adds sentiment,
 * matched symbols and relevance, de-duplicates across providers and filters.
 */

export { NEWS_CATEGORIES, type NewsCategory } from '../../../src/domain/news/story';

/** A story as the provider gives it (src/domain/news/story.ts). */
export type RawNewsItem = NewsStory;

export interface NewsQuery {
  /** Upper-case symbols of the universe; empty: any news. */
  symbols: readonly string[];
  /** Items wanted (the service asks for more than it returns, to survive filtering and de-duplication). */
  limit: number;
}

export interface NewsProvider {
  /** Short identifier for logs and ids, e.g. 'simulator', 'rss', 'alpaca'. */
  readonly name: string;
  /** The newest items, newest first; may return items of other symbols (the service filters). */
  list(query: NewsQuery): Promise<RawNewsItem[]>;
  /** Calls `listener` with each new item as it appears; returns the function that unsubscribes. */
  subscribe?(listener: (item: RawNewsItem) => void): () => void;
  /**
   * A new item of this provider, subscribed to by another process (the leader) and passed on through the event bus:
   * the provider lists it from now on, even before its own cache expires.
   */
  remember?(item: RawNewsItem): void;
}
