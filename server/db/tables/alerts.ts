import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, timestamptz } from '../columns';
import { userId } from '../userColumns';

/** Price alerts; prices in integer cents. An active alert fires once, then becomes inactive. */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: id(),
    userId: userId(),
    symbol: text('symbol').notNull(),
    condition: text('condition').$type<'above' | 'below'>().notNull(),
    triggerPriceCents: cents('trigger_price_cents').notNull(),
    currentPriceCents: cents('current_price_cents'),
    message: text('message').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    triggeredAt: timestamptz('triggered_at'),
  },
  (table) => [
    index('price_alerts_user_created_idx').on(table.userId, table.createdAt),
    index('price_alerts_active_symbol_idx')
      .on(table.symbol)
      .where(sql`${table.isActive}`),
    check('price_alerts_condition_check', sql`${table.condition} in ('above', 'below')`),
    check('price_alerts_trigger_price_check', sql`${table.triggerPriceCents} > 0`),
  ],
);
