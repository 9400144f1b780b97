/**
 * Reading and writing the daily equity history (`daily_equity`, issue 15 point 1). Dates are America/New_York
 * trading days as 'YYYY-MM-DD'; money leaves here in dollars. Writes only insert, `on conflict do nothing`: a day
 * already recorded (by the close job, a backfill, another process or before a restart) is never counted twice.
 *
 * Accounts: 'paper', or 'live:<broker connection id>' for a live connection's series. A read without an account
 * reads the account the user trades now ({@link tradingAccount}): their live connection's while their effective
 * mode is live (asked for live and a connected, verified live connection: ../brokers/liveConnections.ts), else paper.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { dailyEquity as dailyEquityTable, PAPER_ACCOUNT, preferences, type DailyEquitySource } from '../../db/schema';
import { activeLiveConnection } from '../brokers/liveConnections';
import { isoDate } from '../../../src/domain/market/calendar';

export interface DailyEquityRow {
  /** 'YYYY-MM-DD', the New York trading day. */
  date: string;
  equity: number;
  /** Null where the source gives the equity only (a live broker's portfolio history). */
  cash: number | null;
  positionsValue: number | null;
  /** Cumulative net deposits (the starting cash included) up to the day's close. */
  netDeposits: number;
  source: DailyEquitySource;
}

export interface DailyEquityInsert {
  userId: string;
  /** Default 'paper'. */
  account?: string;
  dayNumber: number;
  equityCents: number;
  cashCents: number | null;
  netDepositsCents: number;
  source: DailyEquitySource;
}

/** The series key of a live broker connection. */
export const liveAccount = (connectionId: string) => `live:${connectionId}`;

/** The account the user trades now: their live connection's while their effective mode is live, else 'paper'. */
export async function tradingAccount(db: Queryable, userId: string): Promise<string> {
  const [row] = await db
    .select({ mode: preferences.tradingMode })
    .from(preferences)
    .where(eq(preferences.userId, userId));
  if (row?.mode !== 'live') return PAPER_ACCOUNT;
  const connection = await activeLiveConnection(db, userId);
  return connection ? liveAccount(connection.id) : PAPER_ACCOUNT;
}

/** Selects the rows of the user's series `account` (default: the account they trade now) from `from` to `to`. */
async function seriesWhere(db: Queryable, userId: string, from: string, to: string, account: string | undefined) {
  return and(
    eq(dailyEquityTable.userId, userId),
    eq(dailyEquityTable.account, account ?? (await tradingAccount(db, userId))),
    gte(dailyEquityTable.date, from),
    lte(dailyEquityTable.date, to),
  );
}

/** Each field of a {@link DailyEquityRow} and its column; money is stored in cents and read in dollars. */
const COLUMNS = {
  date: dailyEquityTable.date,
  equity: dailyEquityTable.equityCents,
  cash: dailyEquityTable.cashCents,
  positionsValue: dailyEquityTable.positionsValueCents,
  netDeposits: dailyEquityTable.netDepositsCents,
  source: dailyEquityTable.source,
} as const;
const IN_CENTS: ReadonlySet<keyof DailyEquityRow> = new Set(['equity', 'cash', 'positionsValue', 'netDeposits']);

/**
 * The `fields` of the user's recorded days of `account` (default: the account they trade now) from `from` to `to`
 * (inclusive, 'YYYY-MM-DD'), oldest first: only their columns are read.
 */
async function seriesFields<K extends keyof DailyEquityRow>(
  db: Queryable,
  fields: readonly K[],
  userId: string,
  from: string,
  to: string,
  account: string | undefined,
): Promise<Pick<DailyEquityRow, K>[]> {
  const rows: Record<string, unknown>[] = await db
    .select(Object.fromEntries(fields.map((field) => [field, COLUMNS[field]])))
    .from(dailyEquityTable)
    .where(await seriesWhere(db, userId, from, to, account))
    .orderBy(asc(dailyEquityTable.date));
  const dollars = (value: unknown) => (value === null ? null : (value as number) / 100);
  const inCents = fields.map((field) => IN_CENTS.has(field));
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    fields.forEach((field, i) => (out[field] = inCents[i] ? dollars(row[field]) : row[field]));
    return out as Pick<DailyEquityRow, K>;
  });
}

/**
 * The user's recorded days of `account` (default: the account they trade now) from `from` to `to` (inclusive,
 * 'YYYY-MM-DD'), oldest first.
 */
export function dailyEquity(
  db: Queryable,
  userId: string,
  from: string,
  to: string,
  account?: string,
): Promise<DailyEquityRow[]> {
  const all = ['date', 'equity', 'cash', 'positionsValue', 'netDeposits', 'source'] as const;
  return seriesFields(db, all, userId, from, to, account);
}

/**
 * The same days' equity and net deposits only (dollars), what the return figures read: about half the time of
 * {@link dailyEquity} over 10 years of days.
 */
export function equityAndDeposits(
  db: Queryable,
  userId: string,
  from: string,
  to: string,
  account?: string,
): Promise<Pick<DailyEquityRow, 'date' | 'equity' | 'netDeposits'>[]> {
  return seriesFields(db, ['date', 'equity', 'netDeposits'], userId, from, to, account);
}

/** Inserts the rows not there yet (in chunks); returns how many were written. */
export async function insertDailyEquity(db: Queryable, rows: readonly DailyEquityInsert[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((row) => ({
      userId: row.userId,
      account: row.account ?? PAPER_ACCOUNT,
      date: isoDate(row.dayNumber),
      equityCents: row.equityCents,
      cashCents: row.cashCents,
      positionsValueCents: row.cashCents === null ? null : row.equityCents - row.cashCents,
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
