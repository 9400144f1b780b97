import { QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { QUERY_STALE_TIME_MS } from '../domain/constants';
import { isAuthFailure } from '../graphql/errors';

/** Failed queries are retried twice, except authentication failures (those reload the app at /). */
const MAX_RETRIES = 2;
/** How long a persisted cache is used after it was written (opening the app offline a day later still works). */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The IndexedDB (idb-keyval) key that holds the persisted query cache. */
export const QUERY_CACHE_STORAGE_KEY = 'query-cache';
/** Query keys whose first part is one of these are never written to disk. */
const UNPERSISTED_KEY_ROOTS = new Set(['auth', 'session']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        // Kept in memory at least as long as the persisted copy may be restored (else restored data is dropped).
        gcTime: QUERY_CACHE_MAX_AGE_MS,
        refetchOnWindowFocus: false,
        // Cached data renders offline; a fetch is tried once and its retries wait for the connection.
        networkMode: 'offlineFirst',
        retry: (failureCount, error) => failureCount < MAX_RETRIES && !isAuthFailure(error),
      },
      mutations: { retry: false },
    },
  });
}

/** The query as the persister sees it (typed from its options: it may bundle its own copy of query-core). */
type PersistedQuery = Parameters<
  NonNullable<NonNullable<PersistQueryClientOptions['dehydrateOptions']>['shouldDehydrateQuery']>
>[0];

/** Successful queries only (no errors), minus anything marked `meta: { persist: false }` or auth/session keys. */
export function shouldPersistQuery(query: Pick<PersistedQuery, 'state' | 'meta' | 'queryKey'>): boolean {
  if (query.state.status !== 'success') return false;
  if (query.meta?.persist === false) return false;
  const root = query.queryKey[0];
  return !(typeof root === 'string' && UNPERSISTED_KEY_ROOTS.has(root));
}

/**
 * The query cache persisted to IndexedDB with idb-keyval: restored on start when younger than 24 h and written
 * by the same app version (the buster), so every visited screen renders offline with its last-known data.
 * Mutations are never persisted: the Dexie outbox is the one write queue.
 */
export function queryPersistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createAsyncStoragePersister({
      key: QUERY_CACHE_STORAGE_KEY,
      // When to write is CacheWriteSchedule's (see persistCacheChanges): the persister writes when asked, one
      // write at a time.
      throttleTime: 0,
      storage: {
        getItem: (key) => get<string>(key),
        setItem: (key, value: string) => set(key, value),
        removeItem: del,
      },
    }),
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    buster: __APP_VERSION__,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  };
}

/** Forgets the persisted cache (e.g. when another user signs in on this device). */
export function clearPersistedQueryCache(): Promise<void> {
  return del(QUERY_CACHE_STORAGE_KEY);
}
