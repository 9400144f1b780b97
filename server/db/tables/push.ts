import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from '../columns';
import { userId } from '../userColumns';

/**
 * Web Push subscriptions (issue 16 point 4): one row per user and device (browser), keyed by the push service's
 * endpoint; `p256dh` and `auth` are the browser's keys (base64url) the payload is encrypted for (RFC 8291). A
 * subscription the push service answers 404 or 410 for is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: userId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A short label of the device's browser, from its User-Agent (e.g. "Chrome on Android"). */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: timestamptz('last_success_at'),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);
