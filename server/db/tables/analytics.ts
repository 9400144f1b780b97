// Tables of the analytics area (issue 15 point 1): each user's end-of-day equity history. Re-exported by ../schema.ts.
import { sql } from 'drizzle-orm';
import { check, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cents, createdAt } from '../columns';
import { userId } from '../userColumns';

export type DailyEquitySource = 'close' | 'backfill';

/** The paper account's series; a live broker connection's is `live:<broker connection id>`. */
export const PAPER_ACCOUNT = 'paper';

/**
 * One row per user, account and trading day (America/New_York date): the account's values at the day's close, in
 * cents. `account` is 'paper' or 'live:<broker connection id>'. `net_deposits_cents` is CUMULATIVE (deposits −
 * withdrawals up to that close, the starting cash included), so a day's flow is the difference with the day before.
 * `cash_cents` and `positions_value_cents` are null where the source does not give them (a live broker's
 * portfolio history has the equity only). `source`: `close` written by the market-close job, `backfill` rebuilt
 * from the trades and the daily closes (paper) or the broker's history (live). Rows are only inserted (`on conflict
 * do nothing`): a day is never counted twice, whichever process or restart writes it.
 */
export const dailyEquity = pgTable(
  'daily_equity',
  {
    userId: userId(),
    account: text('account').notNull().default(PAPER_ACCOUNT),
    date: date('date', { mode: 'string' }).notNull(),
    equityCents: cents('equity_cents').notNull(),
    cashCents: cents('cash_cents'),
    positionsValueCents: cents('positions_value_cents'),
    netDepositsCents: cents('net_deposits_cents').notNull(),
    source: text('source').$type<DailyEquitySource>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.account, table.date] }),
    check('daily_equity_source_check', sql`${table.source} in ('close', 'backfill')`),
  ],
);
