import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { dismissInitialLoadingScreen } from './app/loadingScreen';
import { nextTask } from './app/nextTask';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { graphqlClient } from './graphql/client';
import { fetchAppConfig } from './lib/appConfig';
import { AppErrorBoundary } from './components/errors/AppErrorBoundary';
import { installErrorReporting } from './components/errors/errorReporting';
import { PersistedQueryProvider } from './app/PersistedQueryProvider';
import { Toasters } from './app/Toasters';
import { startThemeClock } from './theme/themeStore';
import { createAppSystemInSteps } from './theme/appSystem';

installErrorReporting();
startThemeClock();
// What every first screen waits for starts now, beside the route's chunks rather than after them: the server's
// auth mode (the gate opens on it) and the GraphQL client's chunk (every request needs it). A failure here is
// left to the gate and the first request, which ask again.
fetchAppConfig().catch(() => undefined);
graphqlClient().catch(() => undefined);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

/**
 * The start in steps, each in a task of its own (nextTask between them), since a phone spends a few hundred
 * milliseconds on them together: evaluating this chunk's modules (before this runs), creating the Chakra system,
 * the router, the first render, then what loads beside the first screen. The browser paints and handles input in
 * between, and no step is one long task with the others.
 */
async function start(root: HTMLElement): Promise<void> {
  // Chakra's system phase by phase (together the longest step).
  const systemSteps = createAppSystemInSteps();
  let step: IteratorResult<void, SystemContext>;
  do {
    await nextTask();
    step = systemSteps.next();
  } while (!step.done);
  const system = step.value;
  await nextTask();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  await nextTask();
  // The first render is a transition: React builds the screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one task as long as the whole tree.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
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
  await nextTask();
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
}

void start(rootElement);
