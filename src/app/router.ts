import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { RouteErrorFallback } from '../components/errors/RouteErrorFallback';
import { routeTree } from '../routeTree.gen';

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Route data lives in TanStack Query, which decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Static: it must show even when the failure was a chunk that could not load.
    defaultErrorComponent: RouteErrorFallback,
    // On demand like the pages (the shell's splat route shows it for unknown paths).
    defaultNotFoundComponent: lazyRouteComponent(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage'),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
