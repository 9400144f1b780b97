/// <reference lib="webworker" />
// Service worker (vite-plugin-pwa injectManifest). Precaches the app shell, removes outdated caches,
// serves index.html for app navigations (not /api, not /graphql), caches icons and other static files at
// runtime, and answers SKIP_WAITING / GET_VERSION. A new version waits until the page asks it to take over
// (src/pwa/registerServiceWorker.ts shows the update prompt): no skipWaiting at install.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { handleOutboxSync } from './outboxSync';
import { handleNotificationClick, handlePush } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const DAY_SECONDS = 24 * 60 * 60;
/** Paths the worker never answers from a cache: the API, GraphQL (and its websocket upgrade). */
const API_PATHS = [/^\/api(\/|$)/, /^\/graphql(\/|$)/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once, so it works offline without a second load. Updates still
// wait for SKIP_WAITING: claiming only matters when no worker controlled the page before.
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: API_PATHS }));

// Icons rarely change and are referenced by URL: cache first, bounded.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/icons/'),
  new CacheFirst({
    cacheName: 'icons',
    plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);

// Hashed build files that were not precached (e.g. source maps): immutable, cache first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);

// Any other same-origin static file (images, fonts, styles, scripts, the version file): served from cache at
// once and refreshed in the background.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    !API_PATHS.some((path) => path.test(url.pathname)) &&
    ['image', 'font', 'style', 'script', 'manifest'].includes(request.destination),
  new StaleWhileRevalidate({
    cacheName: 'static',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY_SECONDS })],
  }),
);

/** Spec §7 worker messages. */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'GET_VERSION') event.ports[0]?.postMessage({ type: 'VERSION', version: __APP_VERSION__ });
});

// Background Sync of the outbox (owned by the offline-client work) goes below.
self.addEventListener('sync', handleOutboxSync);

// Web Push: show the notification, open its screen on a click (sw/push.ts).
self.addEventListener('push', handlePush);
self.addEventListener('notificationclick', handleNotificationClick);
