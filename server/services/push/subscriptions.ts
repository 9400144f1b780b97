/**
 * The push subscriptions of a user's devices (server/db/tables/push.ts). Rules:
 * - endpoint: an https URL (http only to 127.0.0.1 outside production, for the local push service of the tests);
 *   in production its host may not be, or resolve to, a private address (the server POSTs to it).
 * - p256dh: the browser's P-256 public key, 65 bytes (uncompressed point) in base64url; auth: 16 bytes.
 * - One row per endpoint: subscribing again replaces the keys, and an endpoint subscribed by another user (another
 *   account signed in on the same browser) moves to the one who subscribed last.
 * - At most {@link MAX_PUSH_SUBSCRIPTIONS} per user (checked under a per-user lock, so two devices subscribing at
 *   once on PostgreSQL cannot pass it together).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { badField } from '../errors';
import { assertPublicHost } from '../news/feedAddress';

export const MAX_PUSH_SUBSCRIPTIONS = 10;
const MAX_ENDPOINT_LENGTH = 1000;
const MAX_DEVICE_LENGTH = 100;

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  device?: string | null;
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

function base64urlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

/** The input checked (each refusal names its field), trimmed. */
export async function parseSubscription(
  input: PushSubscriptionInput,
  production: boolean,
): Promise<Required<PushSubscriptionInput>> {
  const endpoint = input.endpoint.trim();
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badField('endpoint', 'endpoint: expected an https URL');
  }
  const localTest = !production && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  if ((url.protocol !== 'https:' && !localTest) || endpoint.length > MAX_ENDPOINT_LENGTH || url.username) {
    throw badField('endpoint', 'endpoint: expected an https URL');
  }
  if (production) {
    await assertPublicHost(endpoint).catch((error: Error) => {
      throw badField('endpoint', `endpoint: ${error.message}`);
    });
  }
  const p256dh = base64urlBytes(input.p256dh.trim());
  if (p256dh?.length !== 65 || p256dh[0] !== 4) {
    throw badField('p256dh', 'p256dh: expected a P-256 public key, 65 bytes in base64url');
  }
  const auth = base64urlBytes(input.auth.trim());
  if (auth?.length !== 16) throw badField('auth', 'auth: expected 16 bytes in base64url');
  const device = input.device?.trim() || null;
  if (device !== null && device.length > MAX_DEVICE_LENGTH) {
    throw badField('device', `device: at most ${MAX_DEVICE_LENGTH} characters`);
  }
  return { endpoint, p256dh: input.p256dh.trim(), auth: input.auth.trim(), device: device ?? '' };
}

/** Saves the subscription for `userId` (see the rules above). */
export async function saveSubscription(
  db: Database,
  userId: string,
  input: Required<PushSubscriptionInput>,
): Promise<PushSubscriptionRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${userId}`}))`);
    const [mine] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, input.endpoint)));
    if (!mine) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if (n >= MAX_PUSH_SUBSCRIPTIONS) {
        throw badField(
          'endpoint',
          `endpoint: at most ${MAX_PUSH_SUBSCRIPTIONS} devices receive push notifications; turn them off on one first`,
        );
      }
    }
    const values = { userId, p256dh: input.p256dh, auth: input.auth, userAgent: input.device || null };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: input.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, lastSuccessAt: null } })
      .returning();
    return row!;
  });
}

/** Removes the user's subscription with this endpoint; false when they have none (another user's is not theirs). */
export async function removeSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint.trim())))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export function listSubscriptions(db: Database, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}
