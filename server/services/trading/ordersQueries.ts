/** The user's orders and trades, newest first (reads; no engine queue needed). */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '../../../src/domain/constants';
import type { Order, Trade } from '../../../src/domain/trading/orders';
import type { Database } from '../../db/client';
import { orders, trades } from '../../db/schema';
import type { OrdersQuery, TradesQuery } from '../brokers';
import { badUserInput } from '../errors';
import { isUuid } from './ordersInput';
import { toOrder, toTrade } from './ordersView';

/** Largest page a client may ask for. */
export const MAX_PAGE = 500;

/** The page size asked for (`fallback` when none); BAD_USER_INPUT outside 1…MAX_PAGE. Live brokers use it too. */
export function pageSize(limit: number | null | undefined, fallback: number): number {
  const size = limit ?? fallback;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE) {
    throw badUserInput(`Invalid limit: expected an integer from 1 to ${MAX_PAGE}`);
  }
  return size;
}

export async function listOrders(db: Database, userId: string, options: OrdersQuery = {}): Promise<Order[]> {
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (options.status) conditions.push(eq(orders.status, options.status));
  if (options.strategyId != null) {
    if (!isUuid(options.strategyId)) return [];
    conditions.push(eq(orders.strategyId, options.strategyId));
  }
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.seq))
    .limit(pageSize(options.limit, PAGE_SIZE.orders));
  return rows.map(toOrder);
}

export async function findOrder(db: Database, userId: string, id: string): Promise<Order | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.id, id)));
  return row ? toOrder(row) : null;
}

export async function listTrades(db: Database, userId: string, options: TradesQuery = {}): Promise<Trade[]> {
  const conditions: SQL[] = [eq(trades.userId, userId)];
  const symbol = options.symbol?.trim().toUpperCase();
  if (symbol) conditions.push(eq(trades.symbol, symbol));
  const rows = await db
    .select()
    .from(trades)
    .where(and(...conditions))
    .orderBy(desc(trades.seq))
    .limit(pageSize(options.limit, PAGE_SIZE.trades));
  return rows.map(toTrade);
}
