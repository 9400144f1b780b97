// Tables of the trading area: the paper broker's accounts, orders, trades and positions. Re-exported by ../schema.ts.
// Money is integer cents (bigint); share quantities are numeric(20, 6) (whole unless PAPER_FRACTIONAL).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderSide, OrderStatus, OrderType, TimeInForce } from '../../../src/domain/trading/orderTypes';
import { cents, createdAt, id, shares, timestamptz, updatedAt } from '../columns';
import { userId, userIdPrimaryKey } from '../userColumns';

/** One paper (cash) account per user, created with PAPER_STARTING_CASH on first use. */
export const paperAccounts = pgTable(
  'paper_accounts',
  {
    userId: userIdPrimaryKey(),
    cashCents: cents('cash_cents').notNull(),
    startingCashCents: cents('starting_cash_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('paper_accounts_cash_check', sql`${table.cashCents} >= 0`),
    check('paper_accounts_starting_cash_check', sql`${table.startingCashCents} >= 0`),
  ],
);

/**
 * Orders; `client_order_id` is unique per user (placeOrder idempotency). `reserve_price_cents` is the price
 * a working buy is budgeted at (buying power); `fill_value_cents` sums quantity × price of the fills exactly (cents with the quantity's decimals) for the average fill price.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: userId(),
    clientOrderId: text('client_order_id'),
    symbol: text('symbol').notNull(),
    side: text('side').$type<OrderSide>().notNull(),
    type: text('type').$type<OrderType>().notNull(),
    timeInForce: text('time_in_force').$type<TimeInForce>().notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    quantity: shares('quantity').notNull(),
    filledQuantity: shares('filled_quantity').notNull().default(0),
    limitPriceCents: cents('limit_price_cents'),
    stopPriceCents: cents('stop_price_cents'),
    reservePriceCents: cents('reserve_price_cents').notNull(),
    fillValueCents: numeric('fill_value_cents', { precision: 26, scale: 6, mode: 'number' }).notNull().default(0),
    triggered: boolean('triggered').notNull().default(false),
    /** Close of the session a DAY order belongs to; null for other orders or an always-open market. */
    expiresAt: timestamptz('expires_at'),
    strategyId: text('strategy_id'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_user_client_order_id_unique').on(table.userId, table.clientOrderId),
    index('orders_user_seq_idx').on(table.userId, table.seq),
    index('orders_working_user_idx')
      .on(table.userId)
      .where(sql`${table.status} in ('OPEN', 'PARTIALLY_FILLED')`),
    index('orders_working_symbol_idx')
      .on(table.symbol, table.seq)
      .where(sql`${table.status} in ('OPEN', 'PARTIALLY_FILLED')`),
    check('orders_side_check', sql`${table.side} in ('BUY', 'SELL')`),
    check('orders_type_check', sql`${table.type} in ('MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT')`),
    check('orders_tif_check', sql`${table.timeInForce} in ('DAY', 'GTC', 'IOC', 'FOK')`),
    check(
      'orders_status_check',
      sql`${table.status} in ('OPEN', 'PARTIALLY_FILLED', 'FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED')`,
    ),
    check('orders_quantity_check', sql`${table.quantity} > 0`),
    check(
      'orders_filled_quantity_check',
      sql`${table.filledQuantity} >= 0 and ${table.filledQuantity} <= ${table.quantity}`,
    ),
    check(
      'orders_prices_check',
      sql`coalesce(${table.limitPriceCents}, 1) > 0 and coalesce(${table.stopPriceCents}, 1) > 0`,
    ),
    check('orders_fill_value_check', sql`${table.fillValueCents} >= 0`),
  ],
);

/** Executions (fills); each is written in the same transaction as its order, position and cash changes. */
export const trades = pgTable(
  'trades',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: userId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side').$type<OrderSide>().notNull(),
    quantity: shares('quantity').notNull(),
    priceCents: cents('price_cents').notNull(),
    commissionCents: cents('commission_cents').notNull().default(0),
    strategyId: text('strategy_id'),
    reason: text('reason'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    /**
     * The timestamp (epoch ms) of the quote the fill was made on: with the order, the fill's key. A quote fills an
     * order at most once, whichever process matches it and however often (a restart, a leader change).
     */
    quoteAt: bigint('quote_at', { mode: 'number' }),
  },
  (table) => [
    index('trades_user_seq_idx').on(table.userId, table.seq),
    index('trades_user_symbol_seq_idx').on(table.userId, table.symbol, table.seq),
    index('trades_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('trades_order_quote_idx').on(table.orderId, table.quoteAt),
    check('trades_side_check', sql`${table.side} in ('BUY', 'SELL')`),
    check('trades_quantity_check', sql`${table.quantity} > 0`),
    check('trades_price_check', sql`${table.priceCents} > 0`),
    check('trades_commission_check', sql`${table.commissionCents} >= 0`),
  ],
);

/** Holdings per user and symbol; a sold-out position keeps its row (quantity 0) and realised P&L. */
export const positions = pgTable(
  'positions',
  {
    userId: userId(),
    symbol: text('symbol').notNull(),
    quantity: shares('quantity').notNull(),
    costCents: cents('cost_cents').notNull(),
    realizedCents: cents('realized_cents').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.symbol] }),
    check('positions_quantity_check', sql`${table.quantity} >= 0`),
    check('positions_cost_check', sql`${table.costCents} >= 0`),
  ],
);
