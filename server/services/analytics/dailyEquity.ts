/**
 * Reading and writing the daily equity history (`daily_equity`, issue 15 point 1). Dates are America/New_York
 * trading days as 'YYYY-MM-DD'; money leaves here in dollars. Writes only insert, `on conflict do nothing`: a day
 * already recorded (by the close job, a backfill, another process or before a restart) is never counted twice.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { dailyEquity as dailyEquityTable, type DailyEquitySource } from '../../db/schema';
import { dateOfDayNumber } from '../../../src/domain/market/calendar';

export interface DailyEquityRow {
  /** 'YYYY-MM-DD', the New York trading day. */
  date: string;
  equity: number;
  cash: number;
  positionsValue: number;
  /** Cumulative net deposits (the starting cash included) up to the day's close. */
  netDeposits: number;
  source: DailyEquitySource;
}

export interface DailyEquityInsert {
  userId: string;
  dayNumber: number;
  equityCents: number;
  cashCents: number;
  netDepositsCents: number;
  source: DailyEquitySource;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01). */
export function isoDate(dayNumber: number): string {
  const { year, month, day } = dateOfDayNumber(dayNumber);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The user's recorded days from `from` to `to` (inclusive, 'YYYY-MM-DD'), oldest first. */
export async function dailyEquity(db: Queryable, userId: string, from: string, to: string): Promise<DailyEquityRow[]> {
  const rows = await db
    .select()
    .from(dailyEquityTable)
    .where(and(eq(dailyEquityTable.userId, userId), gte(dailyEquityTable.date, from), lte(dailyEquityTable.date, to)))
    .orderBy(asc(dailyEquityTable.date));
  return rows.map((row) => ({
    date: row.date,
    equity: row.equityCents / 100,
    cash: row.cashCents / 100,
    positionsValue: row.positionsValueCents / 100,
    netDeposits: row.netDepositsCents / 100,
    source: row.source,
  }));
}

/** Inserts the rows not there yet (in chunks); returns how many were written. */
export async function insertDailyEquity(db: Queryable, rows: readonly DailyEquityInsert[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((row) => ({
      userId: row.userId,
      date: isoDate(row.dayNumber),
      equityCents: row.equityCents,
      cashCents: row.cashCents,
      positionsValueCents: row.equityCents - row.cashCents,
      netDepositsCents: row.netDepositsCents,
      source: row.source,
    }));
    const inserted = await db
      .insert(dailyEquityTable)
      .values(chunk)
      .onConflictDoNothing()
      .returning({ date: dailyEquityTable.date });
    written += inserted.length;
  }
  return written;
}
