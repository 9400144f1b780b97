/// <reference lib="webworker" />
// Web Push in the service worker (issue 16 point 4): a push message shows a notification even when no page is
// open; a click on it focuses an open window of the app and navigates it to the notification's screen, or opens
// one. What the server sends and where a click goes: src/domain/push/notification.ts.
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

async function openScreen(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      await (await open.focus()).navigate(target);
      return;
    } catch {
      // a window this worker does not control cannot be navigated: open one
    }
  }
  await self.clients.openWindow(target);
}

export function handleNotificationClick(event: NotificationEvent): void {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openScreen(safeNotificationUrl(data?.url)));
}
