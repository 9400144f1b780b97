/// <reference lib="webworker" />
// Web Push in the service worker (issue 16 point 4): a push message shows a notification even when no page is
// open; a click on it closes it and navigates an open window of the app to the notification's screen (then focuses
// it), or opens one. What the server sends and where a click goes: src/domain/push/notification.ts.
import { safeNotificationUrl, type PushPayload } from '../src/domain/push/notification';

declare const self: ServiceWorkerGlobalScope;

const FALLBACK: PushPayload = { title: 'Paper Trader', body: '', url: '/dashboard', tag: 'push', kind: 'alert' };

/** The message's JSON payload; a message that is not one still shows (userVisibleOnly), as a generic notification. */
function payloadOf(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (data && typeof data.title === 'string') return { ...FALLBACK, ...data };
  } catch {
    // not JSON: the fallback below
  }
  return { ...FALLBACK, body: event.data?.text() ?? '' };
}

export function handlePush(event: PushEvent): void {
  const payload = payloadOf(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: safeNotificationUrl(payload.url), kind: payload.kind },
    }),
  );
}

/**
 * Opens `path` for a click: a window of the app this worker controls is navigated there, then focused; with none,
 * a new window opens. Browsers allow one focus() or openWindow() per click (Chrome: "Not allowed to open a window"
 * after a focus), so the window is navigated first, which needs no permission: a window that cannot be navigated
 * (not controlled by this worker) is never focused, and the permission is left for openWindow. A refused focus
 * leaves the navigated window where it is.
 */
async function openScreen(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  // Controlled windows only (the default): this worker can navigate them.
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const open of windows) {
    try {
      const navigated = (await open.navigate(target)) ?? open;
      await navigated.focus().catch(() => undefined);
      return;
    } catch {
      // gone or not navigable: the next one, or a new window
    }
  }
  await self.clients.openWindow(target);
}

export function handleNotificationClick(event: NotificationEvent): void {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openScreen(safeNotificationUrl(data?.url)));
}
