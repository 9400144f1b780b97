import { useIsRestoring, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { FullScreenSpinner } from '../components/page/FullScreenSpinner';
import { useReadyInBackground } from '../components/page/useReadyInBackground';
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

/** The QueryClient provider with its cache persisted to IndexedDB (see queryPersistOptions). */
export function PersistedQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [persistOptions] = useState(queryPersistOptions);
  return (
    <PersistQueryClientProvider client={client} persistOptions={persistOptions}>
      <AfterRestore>{children}</AfterRestore>
    </PersistQueryClientProvider>
  );
}
