import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns';
import { userId } from '../userColumns';

/** A user's trading strategies (spec §3 TradingStrategy, the fields the assistant uses so far). */
export const strategies = pgTable(
  'strategies',
  {
    id: id(),
    userId: userId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('custom'),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('strategies_user_name_unique').on(table.userId, sql`lower(${table.name})`),
    check('strategies_name_check', sql`length(${table.name}) between 1 and 60`),
  ],
);
