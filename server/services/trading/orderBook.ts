/**
 * The part of a symbol's order book a quote acts on, in one statement: the working orders that fill, trigger or end
 * on it (actsOnQuote of src/domain/trading/fills.ts, mirrored in SQL), oldest first (time priority), each with its
 * account's cash and position in the symbol. The book's oldest order comes too whatever the quote, so an empty answer
 * means an empty book.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { QuoteCents } from '../../../src/domain/trading/fills';
import { EMPTY_POSITION, type PositionState } from '../../../src/domain/trading/positionMath';
import { orders, paperAccounts, positions } from '../../db/schema';
import type { Queryable } from './accountLocks';
import { WORKING_STATUS_LIST } from './accountState';
import type { OrderRow } from './ordersView';

export interface BookEntry {
  order: OrderRow;
  /** The account's cash (every account with an order is stored). */
  cashCents: number;
  position: PositionState;
  /** The timestamp of the newest quote that filled the order (trades.quote_at), null before its first fill. */
  lastFillQuoteAt: number | null;
}

/** SQL of actsOnQuote for the row of `orders`. */
export function actsOnQuoteSql({ askCents, bidCents }: QuoteCents): SQL {
  const ask = sql`${askCents}::bigint`;
  const bid = sql`${bidCents}::bigint`;
  return sql`(${orders.timeInForce} in ('IOC', 'FOK') or case
    when ${orders.type} in ('STOP', 'STOP_LIMIT') and not ${orders.triggered} then
      case when ${orders.side} = 'BUY' then ${ask} >= ${orders.stopPriceCents} else ${bid} <= ${orders.stopPriceCents} end
    else ${orders.type} not in ('LIMIT', 'STOP_LIMIT') or ${orders.limitPriceCents} is null or
      case when ${orders.side} = 'BUY' then ${ask} <= ${orders.limitPriceCents} else ${bid} >= ${orders.limitPriceCents} end
    end)`;
}

/** The orders of `symbol` that `quote` acts on (of `users` only, when given) and the book's oldest order. */
export async function readBook(
  db: Queryable,
  symbol: string,
  quote: QuoteCents,
  users?: readonly string[],
): Promise<BookEntry[]> {
  const working = sql`${orders.status} in ${WORKING_STATUS_LIST}`;
  const oldest = sql`(select min(seq) from orders where symbol = ${symbol} and status in ${WORKING_STATUS_LIST})`;
  const rows = await db
    .select({
      order: orders,
      cashCents: paperAccounts.cashCents,
      quantity: positions.quantity,
      costCents: positions.costCents,
      realizedCents: positions.realizedCents,
      lastFillQuoteAt: sql<
        number | null
      >`(select max(quote_at) from trades where trades.order_id = ${orders.id})`.mapWith(
        (value: string | number | null) => (value === null ? null : Number(value)),
      ),
    })
    .from(orders)
    .leftJoin(paperAccounts, eq(paperAccounts.userId, orders.userId))
    .leftJoin(positions, and(eq(positions.userId, orders.userId), eq(positions.symbol, orders.symbol)))
    .where(
      and(
        eq(orders.symbol, symbol),
        working,
        or(actsOnQuoteSql(quote), eq(orders.seq, oldest)),
        users ? inArray(orders.userId, [...users]) : undefined,
      ),
    )
    .orderBy(orders.seq);
  return rows.map(({ order, cashCents, quantity, costCents, realizedCents, lastFillQuoteAt }) => {
    if (cashCents === null) throw new Error(`order ${order.id} has no paper account`);
    const position =
      quantity === null || costCents === null || realizedCents === null
        ? EMPTY_POSITION
        : { quantity, costCents, realizedCents };
    return { order, cashCents, position, lastFillQuoteAt };
  });
}
