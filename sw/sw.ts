/// <reference lib="webworker" />
// Service worker (vite-plugin-pwa injectManifest). Precaches the app shell, removes outdated caches,
// serves index.html for app navigations (not /api, not /graphql), and answers SKIP_WAITING / GET_VERSION.
// Registration with the update prompt arrives with the offline-core issue.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/graphql/] }));

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'GET_VERSION') event.ports[0]?.postMessage({ type: 'VERSION', version: __APP_VERSION__ });
});
