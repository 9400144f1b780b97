/**
 * Backfill of the daily equity history (issue 15 point 1): the days a user has no row for, rebuilt from their paper
 * trades and the market provider's daily closes.
 *
 * Rules:
 * - The days: every New York trading day from the user's first day to `lastDay`, at most {@link BACKFILL_MAX_DAYS}
 *   calendar days back (10 years). The first day is the first close at or after their account's creation, or their
 *   first trade when earlier, as the close job's (./closeJob.ts): an account created during a session has a row for
 *   that day's close (it was there at the close); one created after the close starts with the next session's.
 * - A day's values are the live-performance replay (`liveEquityCurve`, src/domain/backtest/livePerformance.ts):
 *   cash = starting cash − Σ buys (q × p + commission) + Σ sells (q × p − commission) of the trades up to that day,
 *   equity = cash + the shares held × the day's daily close (a symbol without a close that day: its last price).
 *   Trades before the first backfilled day (past the cap) are replayed into it.
 * - Net deposits: the paper account has no deposits or withdrawals, so they are the starting cash every day.
 * - The paper account's series only (`account` 'paper'); live accounts are ./liveEquity.ts's.
 * - Rows already there are kept (`on conflict do nothing`), so a backfill never overwrites a close.
 * - All users: read {@link BACKFILL_BATCH} at a time in id order, one query a batch giving each their start and their
 *   paper rows recorded; only a user missing a day has their trades read and their days written; the event loop
 *   runs between two batches, so a start or a close with many users does not hold the process for the whole pass.
 */
import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dailyEquity as dailyEquityTable, PAPER_ACCOUNT, paperAccounts, trades, users } from '../../db/schema';
import type { MarketDataProvider } from '../market';
import { liveEquityCurve, liveFillOfTrade, type LiveFill } from '../../../src/domain/backtest/livePerformance';
import {
  easternDayNumber,
  easternTime,
  isoDate,
  isTradingDayNumber,
  sessionCloseOf,
} from '../../../src/domain/market/calendar';
import { insertDailyEquity } from './dailyEquity';

/** How far back a backfill goes: 10 years of calendar days. */
export const BACKFILL_MAX_DAYS = 3653;

export interface BackfillDeps {
  db: Database;
  market: Pick<MarketDataProvider, 'getCandles'>;
  /** PAPER_STARTING_CASH in cents, for a user whose paper account does not exist yet. */
  startingCashCents: number;
  /** Where a user whose backfill failed is logged (the other users are still backfilled). */
  log: { error(object: unknown, message: string): void };
}

/** What the backfill reads of a user: their history's first day, starting cash and paper rows recorded. */
interface UserStart {
  id: string;
  /** Day number: their account's creation, or their first trade when earlier. */
  firstDay: number;
  startingCashCents: number;
  /** Paper rows from `from` to `to` (the query's range) and the first one's date (null: none). */
  recorded: number;
  firstRecorded: string | null;
}

/**
 * Users in id order after `after` (at most `limit`), each with their start and their paper rows from `from` to `to`
 * ('YYYY-MM-DD'): one query however many users it reads.
 */
async function userStarts(
  db: Database,
  range: { from: string; to: string },
  defaultCashCents: number,
  page: { after?: string; limit: number },
): Promise<UserStart[]> {
  const recorded = and(
    eq(dailyEquityTable.userId, users.id),
    eq(dailyEquityTable.account, PAPER_ACCOUNT),
    gte(dailyEquityTable.date, range.from),
    lte(dailyEquityTable.date, range.to),
  );
  const query = db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      startingCashCents: paperAccounts.startingCashCents,
      firstTrade: sql<
        string | Date | null
      >`(select min(${trades.createdAt}) from ${trades} where ${trades.userId} = ${users.id})`,
      recorded: sql<number>`(select count(*)::int from ${dailyEquityTable} where ${recorded})`,
      firstRecorded: sql<
        string | null
      >`(select min(${dailyEquityTable.date})::text from ${dailyEquityTable} where ${recorded})`,
    })
    .from(users)
    .leftJoin(paperAccounts, eq(paperAccounts.userId, users.id))
    .where(page.after === undefined ? undefined : gt(users.id, page.after))
    .orderBy(asc(users.id))
    .limit(page.limit);
  return (await query).map((row) => {
    const first = row.firstTrade
      ? Math.min(new Date(row.firstTrade).getTime(), row.createdAt.getTime())
      : row.createdAt.getTime();
    return {
      id: row.id,
      firstDay: firstCloseDay(first),
      startingCashCents: row.startingCashCents ?? defaultCashCents,
      recorded: Number(row.recorded),
      firstRecorded: row.firstRecorded,
    };
  });
}

/**
 * The day of the first close at or after instant `t` (a day number; a non-trading day stands for the trading day
 * after it): an account created, or a first trade made, after a session's close starts its history the next day.
 */
function firstCloseDay(t: number): number {
  const day = easternDayNumber(t);
  return isTradingDayNumber(day) && t > sessionCloseOf(day) ? day + 1 : day;
}

/** The user's paper rows from `from` to `to` ('YYYY-MM-DD'). */
async function recordedRows(db: Database, userId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(dailyEquityTable)
    .where(
      and(
        eq(dailyEquityTable.userId, userId),
        eq(dailyEquityTable.account, PAPER_ACCOUNT),
        gte(dailyEquityTable.date, from),
        lte(dailyEquityTable.date, to),
      ),
    );
  return Number(row?.count ?? 0);
}

async function userFills(db: Database, userId: string): Promise<LiveFill[]> {
  const rows = await db
    .select()
    .from(trades)
    .where(eq(trades.userId, userId))
    .orderBy(asc(trades.createdAt), asc(trades.seq));
  return rows.map(liveFillOfTrade);
}

/** Daily closes by symbol and bar time (00:00 New York), fetched once per backfill run for all its users. */
export type ClosesCache = Map<string, { bars: number; closes: Map<number, number> }>;

/** Each symbol's closes over (at least) its newest `bars` daily bars, from the cache when it holds as many. */
async function dailyCloses(
  market: BackfillDeps['market'],
  symbols: readonly string[],
  bars: number,
  cache: ClosesCache,
) {
  const closes = new Map<string, Map<number, number>>();
  for (const symbol of symbols) {
    let entry = cache.get(symbol);
    if (!entry || entry.bars < bars) {
      const candles = await market.getCandles(symbol, '1D', bars);
      entry = { bars, closes: new Map(candles.map((candle) => [candle.time, candle.close])) };
      cache.set(symbol, entry);
    }
    closes.set(symbol, entry.closes);
  }
  return closes;
}

/** The trading days of a user's history up to `lastDay`: from their first day, at most BACKFILL_MAX_DAYS back. */
function historyDays(start: UserStart, lastDay: number, today: number): number[] {
  const days: number[] = [];
  for (let day = Math.max(start.firstDay, today - BACKFILL_MAX_DAYS); day <= lastDay; day++)
    if (isTradingDayNumber(day)) days.push(day);
  return days;
}

/** The range every user's history lies in: BACKFILL_MAX_DAYS back from `today` to `lastDay`. */
const rangeOf = (lastDay: number, today: number) => ({
  from: isoDate(today - BACKFILL_MAX_DAYS),
  to: isoDate(lastDay),
});

/**
 * Writes the user's missing days (`days`) unless every one is recorded. The batch's count covers the whole range;
 * a user with a row before the first of `days` (which no run writes) has their rows from it on counted apart, so
 * that such a row does not send them through the write at every close.
 */
async function fillUser(
  deps: BackfillDeps,
  start: UserStart,
  days: readonly number[],
  today: number,
  cache: ClosesCache,
): Promise<number> {
  if (days.length === 0) return 0;
  const from = isoDate(days[0]!);
  const recorded =
    start.firstRecorded === null || start.firstRecorded >= from
      ? start.recorded
      : await recordedRows(deps.db, start.id, from, isoDate(days[days.length - 1]!));
  if (recorded >= days.length) return 0;

  const fills = await userFills(deps.db, start.id);
  const symbols = [...new Set(fills.map((fill) => fill.symbol))];
  // Enough daily bars to reach the first day from today (trading days are fewer than calendar days).
  const closes = await dailyCloses(deps.market, symbols, today - days[0]! + 1, cache);
  const times = days.map((day) => easternTime(day, 0));
  const capital = start.startingCashCents / 100;
  const curve = liveEquityCurve(fills, times, closes, capital);
  return insertDailyEquity(
    deps.db,
    days.map((day, i) => ({
      userId: start.id,
      dayNumber: day,
      equityCents: Math.round(curve.equity[i]! * 100),
      cashCents: Math.round(curve.cash[i]! * 100),
      netDepositsCents: start.startingCashCents,
      source: 'backfill' as const,
    })),
  );
}

/** Users read per query by {@link backfillAll}. */
export const BACKFILL_BATCH = 200;

/** Lets the event loop run (timers, I/O callbacks) between two batches. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Backfills every user's missing days up to `lastDay`; returns the rows written. Users are read `batch` at a time
 * in id order (one query a batch: their start and their rows recorded), only those missing a day have their trades
 * read and their days written, and the event loop runs between two batches. A user whose backfill fails is logged
 * and skipped: the others are backfilled, and the next run tries them again.
 */
export async function backfillAll(
  deps: BackfillDeps,
  lastDay: number,
  today: number,
  batch = BACKFILL_BATCH,
): Promise<number> {
  const range = rangeOf(lastDay, today);
  const cache: ClosesCache = new Map();
  let written = 0;
  let after: string | undefined;
  for (;;) {
    const starts = await userStarts(deps.db, range, deps.startingCashCents, { after, limit: batch });
    for (const start of starts) {
      try {
        written += await fillUser(deps, start, historyDays(start, lastDay, today), today, cache);
      } catch (error) {
        // A transient failure (the market's daily closes for one of their symbols): the next run fills their days.
        deps.log.error({ err: error, userId: start.id }, 'daily equity backfill of a user failed');
      }
    }
    if (starts.length < batch) return written;
    after = starts[starts.length - 1]!.id;
    await yieldToEventLoop();
  }
}
