import { IsRestoringProvider, QueryClientProvider, useIsRestoring, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FullScreenSpinner } from '../components/page/FullScreenSpinner';
import { useReadyInBackground } from '../components/page/useReadyInBackground';
import { persistCacheChanges } from './persistCacheChanges';
import { queryPersistOptions } from './queryClient';

/**
 * Renders children once the restore is done, so route loaders find the restored data instead of fetching; a
 * spinner until then. The restore ends with a plain state update in the provider (not ours to make a
 * transition) and the app is the whole screen, so it is built in a background render (useReadyInBackground).
 */
function AfterRestore({ children }: { children: ReactNode }) {
  const restored = useReadyInBackground(!useIsRestoring());
  return restored ? children : <FullScreenSpinner />;
}

/**
 * The QueryClient provider with its cache persisted to IndexedDB (see queryPersistOptions): restored once on
 * start (queries wait for it, useIsRestoring), then written after changes as persistCacheChanges schedules.
 * React Query's PersistQueryClientProvider, with that schedule in place of its write on every cache event.
 */
export function PersistedQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [options] = useState(() => ({ ...queryPersistOptions(), queryClient: client }));
  const [restoring, setRestoring] = useState(true);
  const restoreStarted = useRef(false);
  useEffect(() => {
    // Once, even when StrictMode runs effects twice (a second restore would overwrite newer answers).
    if (restoreStarted.current) return;
    restoreStarted.current = true;
    // A failed restore has already dropped the stored copy; the app starts without it.
    persistQueryClientRestore(options)
      .catch(() => undefined)
      .finally(() => setRestoring(false));
  }, [options]);
  useEffect(() => (restoring ? undefined : persistCacheChanges(options)), [options, restoring]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>
        <AfterRestore>{children}</AfterRestore>
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
