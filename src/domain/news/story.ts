/**
 * A news story as a provider gives it (spec §3 News, before the news service adds sentiment, matched symbols and
 * relevance), shared by the providers (server/services/news) and the event bus that carries live stories between
 * server processes (server/events.ts): plain JSON.
 */

/** Categories a story may carry; the news(category) argument filters on them (case-insensitive). */
export const NEWS_CATEGORIES = ['EARNINGS', 'MOVERS', 'SECTOR', 'MARKET', 'GENERAL'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export interface NewsStory {
  /** Unique within the provider; the service prefixes the provider's name. */
  id: string;
  headline: string;
  summary: string;
  url: string;
  source: string;
  /** Epoch ms. */
  publishedAt: number;
  /** Symbols the provider itself tagged (Alpaca, the simulator); text matching adds the ones mentioned. */
  symbols: string[];
  category: NewsCategory;
}
