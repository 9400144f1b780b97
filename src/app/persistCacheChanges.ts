import { persistQueryClientSave, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import type { QueryCacheNotifyEvent } from '@tanstack/react-query';
import { isQuoteKey } from '../features/market/marketKeys';
import { CacheWriteSchedule, type CacheChange } from './cacheWriteSchedule';

/**
 * How a query cache event changes what is written: a quote a tick pushed into the cache (applyQuotes sets it by
 * hand) is `live`; any other added, removed or updated query is `soon`; observers coming and going change
 * nothing written.
 */
export function cacheChangeOf(event: QueryCacheNotifyEvent): CacheChange | null {
  if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return null;
  const pushed = event.type === 'updated' && event.action.type === 'success' && event.action.manual === true;
  return pushed && isQuoteKey(event.query.queryKey) ? 'live' : 'soon';
}

/** The page's leaving, as persistCacheChanges sees it (the browser's, or a test's). */
export interface PageLeaving {
  /** Calls `listener` when the page is hidden (another app, another tab, the screen off) or left; returns its removal. */
  onLeave(listener: () => void): () => void;
}

const browserPage: PageLeaving = {
  onLeave(listener) {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') listener();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', listener);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', listener);
    };
  },
};

/**
 * Writes the query cache to its persister after it changes, when CacheWriteSchedule says (the persist-client's
 * own subscription dehydrated the whole cache on every event, some twenty times per tick, and wrote it every
 * second while quotes ticked), and at once when the page is hidden or left. Mutations are never persisted, so
 * their cache is not watched. Returns the unsubscribe, which writes what is still waiting.
 */
export function persistCacheChanges(options: PersistQueryClientOptions, page: PageLeaving = browserPage): () => void {
  const schedule = new CacheWriteSchedule(() => {
    persistQueryClientSave(options).catch((error: unknown) => console.warn('query cache not saved', error));
  });
  const unsubscribe = options.queryClient.getQueryCache().subscribe((event) => {
    const change = cacheChangeOf(event);
    if (change) schedule.change(change);
  });
  const stopLeaving = page.onLeave(() => schedule.flush());
  return () => {
    unsubscribe();
    stopLeaving();
    schedule.flush();
  };
}
