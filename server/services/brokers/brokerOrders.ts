/**
 * What this app keeps of an order it placed at a live broker (broker_orders, one row per order the broker accepted):
 * the strategy that placed it and why, which the broker does not keep. Read back by the broker's order ids, so they
 * survive the round trip through it. The rows also count the user's orders for ORDERS_PER_MINUTE, as the paper
 * broker's orders do (a few racing placements may pass; the broker limits its own rate too).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokerOrders } from '../../db/schema';
import { secondsUntilAllowed, tooManyRequests, type RateLimitRule } from '../rateLimits';

export interface OrderNotes {
  strategyId: string | null;
  reason: string | null;
}

export function createBrokerOrderNotes(db: Database, provider: string) {
  return {
    /** Refuses one more order of the user beyond `rule` (too_many_requests with the wait). */
    async admit(userId: string, rule: RateLimitRule): Promise<void> {
      const wait = await secondsUntilAllowed(
        db,
        {
          table: brokerOrders,
          where: eq(brokerOrders.userId, userId),
          createdAt: brokerOrders.createdAt,
          newestFirst: brokerOrders.createdAt,
        },
        rule,
        'database',
      );
      if (wait > 0) throw tooManyRequests('orders', wait);
    },

    /** Keeps an order the broker accepted, with its notes. */
    async remember(userId: string, brokerOrderId: string, clientOrderId: string | null, notes: OrderNotes) {
      await db
        .insert(brokerOrders)
        .values({ userId, provider, brokerOrderId, clientOrderId, ...notes })
        .onConflictDoNothing();
    },

    /** The notes of these orders of the user (orders without any are absent). */
    async of(userId: string, brokerOrderIds: readonly string[]): Promise<Map<string, OrderNotes>> {
      if (brokerOrderIds.length === 0) return new Map();
      const rows = await db
        .select({ id: brokerOrders.brokerOrderId, strategyId: brokerOrders.strategyId, reason: brokerOrders.reason })
        .from(brokerOrders)
        .where(
          and(
            eq(brokerOrders.userId, userId),
            eq(brokerOrders.provider, provider),
            inArray(brokerOrders.brokerOrderId, [...new Set(brokerOrderIds)]),
          ),
        );
      return new Map(rows.map((row) => [row.id, { strategyId: row.strategyId, reason: row.reason }]));
    },

    /** The broker order ids of the orders a strategy of the user placed. */
    async ofStrategy(userId: string, strategyId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: brokerOrders.brokerOrderId })
        .from(brokerOrders)
        .where(
          and(
            eq(brokerOrders.userId, userId),
            eq(brokerOrders.provider, provider),
            eq(brokerOrders.strategyId, strategyId),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type BrokerOrderNotes = ReturnType<typeof createBrokerOrderNotes>;
