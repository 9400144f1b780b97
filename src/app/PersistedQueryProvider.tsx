import { useIsRestoring, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { queryPersistOptions } from './queryClient';

/**
 * Renders children once the restore is done, so route loaders find the restored data instead of fetching. The
 * restore ends with a plain state update (a promise callback in the provider), which React renders in one
 * uninterruptible piece; as that render is the whole app, it is deferred instead: the update itself renders
 * nothing new, and the app is built in a background render React splits into slices.
 */
function AfterRestore({ children }: { children: ReactNode }) {
  const restored = useDeferredValue(!useIsRestoring());
  return restored ? children : null;
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
