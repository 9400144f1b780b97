// This browser's side of Web Push: whether it can, its permission, its subscription, and subscribing with the
// server's VAPID key (the server learns the subscription through subscribePush).
import { gqlRequest } from '../../graphql/client';
import { SubscribePushDocument, UnsubscribePushDocument } from '../../graphql/generated/graphql';
import { base64urlBytes, deviceLabel } from './deviceLabel';

export type PushSupport = 'unsupported' | NotificationPermission;

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The registered service worker (none in development builds or before the first registration). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/** This browser's push subscription, or null. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  return (
    current !== null && current.byteLength === key.byteLength && new Uint8Array(current).every((b, i) => b === key[i])
  );
};

export class PushPermissionDenied extends Error {
  override name = 'PushPermissionDenied';
}

/**
 * Asks for the Notification permission, subscribes this browser with the server's key (again if it was subscribed
 * with another key) and saves the subscription on the server.
 */
export async function enablePush(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied('Notifications are blocked for this site');
  const worker = await registration();
  if (!worker) throw new Error('The app’s service worker is not installed yet: reload the page and try again');
  const key = base64urlBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: key })
    .catch((error: unknown) => {
      throw new Error(`This browser could not subscribe to push notifications (${(error as Error).message})`);
    });
  const { keys } = subscription.toJSON();
  await gqlRequest(SubscribePushDocument, {
    endpoint: subscription.endpoint,
    p256dh: keys?.p256dh ?? '',
    auth: keys?.auth ?? '',
    device: deviceLabel(navigator.userAgent),
  });
  return subscription;
}

/** Stops push on this browser: the server forgets the subscription, then the browser drops it. */
export async function disablePush(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await gqlRequest(UnsubscribePushDocument, { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
