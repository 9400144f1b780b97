/**
 * missedNotifications(since): what the user would have been pushed after `since` (the last time the app was
 * open), newest first, at most {@link MAX_MISSED}: price alerts that fired, paper orders that filled (a live
 * broker's fills are its own) and opportunity alerts found. The client shows them once as one catch-up toast.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import {
  alertNotification,
  fillNotification,
  opportunityNotification,
  type PushKind,
} from '../../../src/domain/push/notification';
import type { Database } from '../../db/client';
import { opportunityAlerts, orders, priceAlerts } from '../../db/schema';
import { badField } from '../errors';
import { toOrder } from '../trading/ordersView';

export const MAX_MISSED = 20;

export interface MissedNotification {
  kind: PushKind;
  title: string;
  body: string;
  url: string;
  occurredAt: string;
}

export async function missedNotifications(db: Database, userId: string, since: string): Promise<MissedNotification[]> {
  const from = new Date(since);
  if (Number.isNaN(from.getTime())) throw badField('since', 'since: expected an ISO-8601 date-time');
  const alerts = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), gt(priceAlerts.triggeredAt, from)))
    .orderBy(desc(priceAlerts.triggeredAt))
    .limit(MAX_MISSED);
  const filled = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'FILLED'), gt(orders.updatedAt, from)))
    .orderBy(desc(orders.updatedAt))
    .limit(MAX_MISSED);
  const opportunities = await db
    .select()
    .from(opportunityAlerts)
    .where(and(eq(opportunityAlerts.userId, userId), gt(opportunityAlerts.createdAt, from)))
    .orderBy(desc(opportunityAlerts.createdAt))
    .limit(MAX_MISSED);
  const items = [
    ...alerts.map((row) => ({
      ...alertNotification({
        id: row.id,
        symbol: row.symbol,
        condition: row.condition,
        triggerPrice: row.triggerPriceCents / 100,
        currentPrice: row.currentPriceCents === null ? null : row.currentPriceCents / 100,
        message: row.message,
      }),
      occurredAt: row.triggeredAt!,
    })),
    ...filled.map((row) => ({
      ...fillNotification(toOrder(row)),
      occurredAt: row.updatedAt,
    })),
    ...opportunities.map((row) => ({ ...opportunityNotification(row), occurredAt: row.createdAt })),
  ];
  return items
    .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime())
    .slice(0, MAX_MISSED)
    .map(({ kind, title, body, url, occurredAt }) => ({
      kind,
      title,
      body,
      url,
      occurredAt: occurredAt.toISOString(),
    }));
}
