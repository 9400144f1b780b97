import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { dismissInitialLoadingScreen } from './app/loadingScreen';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { graphqlClient } from './graphql/client';
import { fetchAppConfig } from './lib/appConfig';
import { AppErrorBoundary } from './components/errors/AppErrorBoundary';
import { installErrorReporting } from './components/errors/errorReporting';
import { PersistedQueryProvider } from './app/PersistedQueryProvider';
import { Toasters } from './app/Toasters';
import { startThemeClock } from './theme/themeStore';
import { system } from './theme/system';

installErrorReporting();
startThemeClock();
// What every first screen waits for starts now, beside the route's chunks rather than after them: the server's
// auth mode (the gate opens on it) and the GraphQL client's chunk (every request needs it). A failure here is
// left to the gate and the first request, which ask again.
fetchAppConfig().catch(() => undefined);
graphqlClient().catch(() => undefined);

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The first render is a transition: React builds the screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one task as long as the whole tree.
const root = createRoot(rootElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <ChakraProvider value={system}>
        <AppErrorBoundary>
          <PersistedQueryProvider client={queryClient}>
            <RouterProvider router={router} />
          </PersistedQueryProvider>
        </AppErrorBoundary>
        <Toasters />
      </ChakraProvider>
    </StrictMode>,
  ),
);

dismissInitialLoadingScreen();
// Queued offline writes (watchlists, alerts, ...) go out now and whenever the connection returns. The outbox and
// its IndexedDB layer (Dexie) load beside the first screen rather than before it.
import('./features/outbox/startOutboxSync')
  .then(({ startOutboxSync }) => startOutboxSync())
  .catch((error: unknown) => console.warn('outbox sync did not start', error));
// The service worker only exists in production builds (the dev server and vitest never register one); its
// registration (workbox-window) loads after the first screen.
if (import.meta.env.PROD) {
  import('./pwa/registerServiceWorker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
