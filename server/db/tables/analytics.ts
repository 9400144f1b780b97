// Tables of the analytics area (issue 15 point 1): each user's end-of-day equity history. Re-exported by ../schema.ts.
import { sql } from 'drizzle-orm';
import { check, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cents, createdAt } from '../columns';
import { userId } from '../userColumns';

export type DailyEquitySource = 'close' | 'backfill';

/**
 * One row per user and trading day (America/New_York date): the paper account's values at the day's close, in
 * cents. `net_deposits_cents` is CUMULATIVE (deposits − withdrawals up to that close, the starting cash included),
 * so a day's flow is the difference with the day before. `source`: `close` written by the market-close job,
 * `backfill` rebuilt from the trades and the daily closes. Rows are only inserted (`on conflict do nothing`): a day
 * is never counted twice, whichever process or restart writes it.
 */
export const dailyEquity = pgTable(
  'daily_equity',
  {
    userId: userId(),
    date: date('date', { mode: 'string' }).notNull(),
    equityCents: cents('equity_cents').notNull(),
    cashCents: cents('cash_cents').notNull(),
    positionsValueCents: cents('positions_value_cents').notNull(),
    netDepositsCents: cents('net_deposits_cents').notNull(),
    source: text('source').$type<DailyEquitySource>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.date] }),
    check('daily_equity_source_check', sql`${table.source} in ('close', 'backfill')`),
  ],
);
