import { dedupeNews } from '../../../src/domain/news/dedupe';
import { newsSentiment } from '../../../src/domain/news/sentiment';
import { matchSymbols } from '../../../src/domain/news/symbols';
import type { Instrument } from '../../../src/domain/market/universe';
import type { NewsNotice } from '../../events';
import { badUserInput } from '../errors';
import { newsItemOf } from './live';
import type { LlmSentiment } from './llmSentiment';
import { NEWS_CATEGORIES, type NewsCategory, type NewsProvider, type RawNewsItem } from './provider';

export { NEWS_CATEGORIES, type NewsCategory, type NewsProvider, type RawNewsItem } from './provider';
export { SimulatedNews } from './simulated';
export { RssNews } from './rss';
export { AlpacaNews } from './alpaca';
export { createNewsLive } from './live';
export { createLlmSentiment } from './llmSentiment';

/** news(limit) default and bounds (spec §9 page size news 20), and the most symbols one call may name. */
export const DEFAULT_NEWS_LIMIT = 20;
export const MAX_NEWS_LIMIT = 50;
export const MAX_NEWS_SYMBOLS = 50;
/** Relevance of a symbol a provider tagged that the text does not mention. */
const TAGGED_RELEVANCE = 0.5;

/** A news item as the API serves it (spec §3 News). */
export interface NewsItem {
  id: string;
  headline: string;
  summary: string;
  url: string;
  source: string;
  symbols: string[];
  publishedAt: string;
  category: NewsCategory;
  /** [-1, 1]: the language model's score when one is configured and scored the story, else `lexiconSentiment`. */
  sentiment: number;
  /** [-1, 1]: the lexicon scorer's (src/domain/news/sentiment.ts), always kept. */
  lexiconSentiment: number;
  sentimentSource: 'LLM' | 'LEXICON';
  /** [0, 1]: how much the item is about the symbols asked (or its main symbol when none were). */
  relevanceScore: number;
}

interface Enriched extends RawNewsItem {
  provider: string;
  relevance: Map<string, number>;
}

export interface NewsServiceOptions {
  /** In order of preference: of two duplicates, the earlier provider's item is kept. */
  providers: readonly NewsProvider[];
  instruments: () => Promise<readonly Instrument[]> | readonly Instrument[];
  log: { warn: (object: object, message: string) => void };
  /** The language model's scores (./llmSentiment.ts) when one is configured: news() serves them as `sentiment`. */
  llmSentiment?: LlmSentiment | null;
}

export interface NewsArgs {
  symbols?: readonly string[] | null;
  limit?: number | null;
  category?: string | null;
}

function enrich(provider: string, item: RawNewsItem, universe: readonly Instrument[]): Enriched {
  const relevance = new Map<string, number>();
  for (const symbol of item.symbols) relevance.set(symbol, TAGGED_RELEVANCE);
  for (const m of matchSymbols(universe, item.headline, item.summary)) {
    relevance.set(m.symbol, Math.max(m.relevanceScore, relevance.get(m.symbol) ?? 0));
  }
  const symbols = [...relevance.keys()].sort((a, b) => relevance.get(b)! - relevance.get(a)! || a.localeCompare(b));
  return { ...item, provider, symbols, relevance };
}

/** An enriched item as the API serves it, its relevance to the symbols asked (or its main symbol when none were). */
function present(
  item: Enriched,
  wanted: readonly string[],
  lexicon = newsSentiment(item.headline, item.summary),
): NewsItem {
  const scores = wanted.length > 0 ? wanted.map((s) => item.relevance.get(s) ?? 0) : [...item.relevance.values()];
  return {
    id: `${item.provider}:${item.id}`,
    headline: item.headline,
    summary: item.summary,
    url: item.url,
    source: item.source,
    symbols: item.symbols,
    publishedAt: new Date(item.publishedAt).toISOString(),
    category: item.category,
    sentiment: lexicon,
    lexiconSentiment: lexicon,
    sentimentSource: 'LEXICON',
    relevanceScore: scores.length > 0 ? Math.max(...scores) : 0,
  };
}

/** The news resolvers' service: checked arguments, every provider asked, items enriched, de-duplicated and filtered. */
export function createNewsService({ providers, instruments, log, llmSentiment = null }: NewsServiceOptions) {
  async function check({ symbols, limit, category }: NewsArgs) {
    const size = limit ?? DEFAULT_NEWS_LIMIT;
    if (!Number.isInteger(size) || size < 1 || size > MAX_NEWS_LIMIT) {
      throw badUserInput(`limit: must be between 1 and ${MAX_NEWS_LIMIT}`);
    }
    const asked = symbols ?? [];
    if (asked.length > MAX_NEWS_SYMBOLS) throw badUserInput(`symbols: at most ${MAX_NEWS_SYMBOLS} symbols per call`);
    const universe = await instruments();
    const known = new Set(universe.map((i) => i.symbol));
    const named = [...new Set(asked.map((s) => s.trim().toUpperCase()))];
    // symbols outside the universe are skipped (a Dashboard's stale watchlist symbol must not fail the others'
    // news); only when every symbol named is unknown is that an error
    const wanted = named.filter((s) => known.has(s));
    if (named.length > 0 && wanted.length === 0)
      throw badUserInput(`symbols: unknown symbol "${named[0]!.slice(0, 20)}"`);
    const cat = category?.trim().toUpperCase() || null;
    if (cat !== null && !(NEWS_CATEGORIES as readonly string[]).includes(cat)) {
      throw badUserInput(`category: must be one of ${NEWS_CATEGORIES.join(', ')}`);
    }
    return { size, wanted, universe, category: cat };
  }

  async function news(args: NewsArgs): Promise<NewsItem[]> {
    const { size, wanted, universe, category } = await check(args);
    const lists = await Promise.all(
      providers.map(async (provider) => {
        try {
          const items = await provider.list({ symbols: wanted, limit: size * 3 });
          return items.map((item) => enrich(provider.name, item, universe));
        } catch (error) {
          log.warn(
            { provider: provider.name, reason: error instanceof Error ? error.message : String(error) },
            'news provider failed',
          );
          return [];
        }
      }),
    );
    const matching = lists
      .flat()
      .filter((item) => category === null || item.category === category)
      .filter((item) => wanted.length === 0 || wanted.some((s) => item.relevance.has(s)));
    // in the providers' order: of two duplicates, the preferred provider's item is kept
    const unique = dedupeNews(matching);
    const page = unique
      .sort((a, b) => b.publishedAt - a.publishedAt || a.id.localeCompare(b.id))
      .slice(0, size)
      .map((item) => present(item, wanted));
    if (!llmSentiment || page.length === 0) return page;
    const scores = await llmSentiment.scores(page);
    return page.map((item) => {
      const score = scores.get(item.id);
      return score === undefined ? item : { ...item, sentiment: score, sentimentSource: 'LLM' };
    });
  }

  /**
   * newsUpdates(symbols): checks the symbols at once (the subscription fails before it starts), then serves each
   * live item of a provider as news() would (with the lexicon's sentiment: the model scores it once news() lists
   * it), or null when it is about none of the symbols asked.
   */
  async function live(args: Pick<NewsArgs, 'symbols'>) {
    const { wanted, universe } = await check({ symbols: args.symbols });
    return (notice: NewsNotice): NewsItem | null => {
      const { enriched, lexicon } = liveItem(notice, universe);
      if (wanted.length > 0 && !wanted.some((s) => enriched.relevance.has(s))) return null;
      return present(enriched, wanted, lexicon);
    };
  }

  /**
   * Each live story's symbols, relevance and sentiment, by the notice the bus delivered: the bus hands one notice
   * object to every subscriber of this process (in process and through Redis alike), so a story is enriched once
   * whatever the number of subscribers, and forgotten with the notice.
   */
  const liveItems = new WeakMap<NewsNotice, { enriched: Enriched; lexicon: number }>();
  function liveItem(notice: NewsNotice, universe: readonly Instrument[]) {
    let found = liveItems.get(notice);
    if (!found) {
      const enriched = enrich(notice.provider, newsItemOf(notice), universe);
      found = { enriched, lexicon: newsSentiment(enriched.headline, enriched.summary) };
      liveItems.set(notice, found);
    }
    return found;
  }

  return { news, live };
}

export type NewsService = ReturnType<typeof createNewsService>;
