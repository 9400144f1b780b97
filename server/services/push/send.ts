/**
 * Sends one push message to every device of a user (RFC 8030), the payload encrypted per RFC 8291 (aes128gcm) and
 * the request signed with the server's VAPID key (RFC 8292), both by `web-push`; the request itself goes out with
 * fetch (web-push's own sender speaks https only). Each device's answer:
 * - 2xx: delivered to the push service; `last_success_at` is updated.
 * - 404 or 410: the subscription expired or was withdrawn; its row is deleted.
 * - anything else, or no answer within {@link PUSH_TIMEOUT_MS}: logged and left for the next message, never thrown.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PushPayload } from '../../../src/domain/push/notification';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { listSubscriptions, type PushSubscriptionRow } from './subscriptions';
import type { VapidKeys } from './vapid';

export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushSenderDependencies {
  db: Database;
  vapid: VapidKeys;
  now: () => Date;
  log: { warn(object: unknown, message: string): void };
}

export type DeliveryOutcome = 'delivered' | 'gone' | 'failed';

export function createPushSender({ db, vapid, now, log }: PushSenderDependencies) {
  async function deliverOne(row: PushSubscriptionRow, payload: PushPayload): Promise<DeliveryOutcome> {
    try {
      // Loaded with the first message, not to start the server.
      const { default: webpush } = await import('web-push');
      const details = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: payload.kind === 'fill' ? 'normal' : 'high',
        },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body && new Uint8Array(details.body),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) return 'delivered';
      if (response.status === 404 || response.status === 410) return 'gone';
      log.warn({ status: response.status, subscription: row.id }, 'push service refused a message');
      return 'failed';
    } catch (error) {
      log.warn({ err: error, subscription: row.id }, 'push message not sent');
      return 'failed';
    }
  }

  /** Sends `payload` to each of the user's devices; resolves with how many received it. Never throws. */
  return async function sendToUser(userId: string, payload: PushPayload): Promise<number> {
    const rows = await listSubscriptions(db, userId);
    const outcomes = await Promise.all(rows.map((row) => deliverOne(row, payload)));
    const idsWith = (outcome: DeliveryOutcome) => rows.filter((_, i) => outcomes[i] === outcome).map((row) => row.id);
    const gone = idsWith('gone');
    const delivered = idsWith('delivered');
    if (gone.length > 0) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.id, gone)));
    }
    if (delivered.length > 0) {
      await db.update(pushSubscriptions).set({ lastSuccessAt: now() }).where(inArray(pushSubscriptions.id, delivered));
    }
    return delivered.length;
  };
}
