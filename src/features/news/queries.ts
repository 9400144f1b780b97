import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../domain/constants';
import { gqlRequest } from '../../graphql/client';
import { NewsDocument, type NewsQuery } from '../../graphql/generated/graphql';

/** News is fetched again after this long on screen (providers cache for about as long). */
export const NEWS_STALE_TIME_MS = 5 * 60_000;
/** Most symbols one news call may name (the server's limit). */
export const MAX_NEWS_SYMBOLS = 50;

export const newsKeys = {
  all: ['news'] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  /** `symbols` sorted and de-duplicated, so the same set shares one entry; empty: all news. */
  list: (symbols: readonly string[]) => [...newsKeys.lists(), symbols.join(',') || 'ALL'] as const,
};

export function newsSymbols(symbols: readonly string[]): string[] {
  return [...new Set(symbols.map((s) => s.toUpperCase()))].sort().slice(0, MAX_NEWS_SYMBOLS);
}

/** The newest news (spec §9: 20 a page) about any of `symbols`, or all news when there are none. */
export function newsQuery(symbols: readonly string[]) {
  const asked = newsSymbols(symbols);
  return queryOptions({
    queryKey: newsKeys.list(asked),
    staleTime: NEWS_STALE_TIME_MS,
    queryFn: () => gqlRequest(NewsDocument, { symbols: asked.length > 0 ? asked : null, limit: PAGE_SIZE.news }),
  });
}

/**
 * A live story (newsUpdates) put first in a news list: an update of a listed story replaces it, and the list keeps
 * its page size (spec §9: 20), the oldest dropping off.
 */
export function prependNews(list: NewsQuery | undefined, item: NewsQuery['news'][number]): NewsQuery | undefined {
  if (!list) return list;
  return { news: [item, ...list.news.filter((other) => other.id !== item.id)].slice(0, PAGE_SIZE.news) };
}
