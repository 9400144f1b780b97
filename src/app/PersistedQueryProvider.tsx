import { useIsRestoring, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { queryPersistOptions } from './queryClient';

/** Renders children once the restore is done, so route loaders find the restored data instead of fetching. */
function AfterRestore({ children }: { children: ReactNode }) {
  return useIsRestoring() ? null : children;
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
