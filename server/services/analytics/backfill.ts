/**
 * Backfill of the daily equity history (issue 15 point 1): the days a user has no row for, rebuilt from their paper
 * trades and the market provider's daily closes.
 *
 * Rules:
 * - The days: every New York trading day from the user's first day (their account's creation, or their first trade
 *   when earlier) to `lastDay`, at most {@link BACKFILL_MAX_DAYS} calendar days back (10 years).
 * - A day's values are the live-performance replay (`liveEquityCurve`, src/domain/backtest/livePerformance.ts):
 *   cash = starting cash − Σ buys (q × p + commission) + Σ sells (q × p − commission) of the trades up to that day,
 *   equity = cash + the shares held × the day's daily close (a symbol without a close that day: its last price).
 *   Trades before the first backfilled day (past the cap) are replayed into it.
 * - Net deposits: the paper account has no deposits or withdrawals, so they are the starting cash every day.
 * - The paper account's series only (`account` 'paper'); live accounts are ./liveEquity.ts's.
 * - Rows already there are kept (`on conflict do nothing`), so a backfill never overwrites a close.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dailyEquity as dailyEquityTable, PAPER_ACCOUNT, paperAccounts, trades, users } from '../../db/schema';
import type { MarketDataProvider } from '../market';
import { liveEquityCurve, liveFillOfTrade, type LiveFill } from '../../../src/domain/backtest/livePerformance';
import { easternDayNumber, easternTime, isoDate, isTradingDayNumber } from '../../../src/domain/market/calendar';
import { insertDailyEquity } from './dailyEquity';

/** How far back a backfill goes: 10 years of calendar days. */
export const BACKFILL_MAX_DAYS = 3653;

export interface BackfillDeps {
  db: Database;
  market: Pick<MarketDataProvider, 'getCandles'>;
  /** PAPER_STARTING_CASH in cents, for a user whose paper account does not exist yet. */
  startingCashCents: number;
}

/** The user's starting cash (cents) and the first day (day number) of their history. */
async function userStart(db: Database, userId: string, defaultCashCents: number) {
  const [row] = await db
    .select({
      createdAt: users.createdAt,
      startingCashCents: paperAccounts.startingCashCents,
      firstTrade: sql<
        string | Date | null
      >`(select min(${trades.createdAt}) from ${trades} where ${trades.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(paperAccounts, eq(paperAccounts.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const first = row.firstTrade
    ? Math.min(new Date(row.firstTrade).getTime(), row.createdAt.getTime())
    : row.createdAt.getTime();
  return { firstDay: easternDayNumber(first), startingCashCents: row.startingCashCents ?? defaultCashCents };
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

/** Backfills one user's missing days up to `lastDay` (a day number); returns the rows written. */
export async function backfillUser(
  deps: BackfillDeps,
  userId: string,
  lastDay: number,
  today: number,
  cache: ClosesCache = new Map(),
): Promise<number> {
  const start = await userStart(deps.db, userId, deps.startingCashCents);
  if (!start) return 0;
  const firstDay = Math.max(start.firstDay, today - BACKFILL_MAX_DAYS);
  const days: number[] = [];
  for (let day = firstDay; day <= lastDay; day++) if (isTradingDayNumber(day)) days.push(day);
  if (days.length === 0) return 0;
  const [{ count } = { count: 0 }] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(dailyEquityTable)
    .where(
      and(
        eq(dailyEquityTable.userId, userId),
        eq(dailyEquityTable.account, PAPER_ACCOUNT),
        gte(dailyEquityTable.date, isoDate(days[0]!)),
        lte(dailyEquityTable.date, isoDate(lastDay)),
      ),
    );
  if (count >= days.length) return 0;

  const fills = await userFills(deps.db, userId);
  const symbols = [...new Set(fills.map((fill) => fill.symbol))];
  // Enough daily bars to reach the first day from today (trading days are fewer than calendar days).
  const closes = await dailyCloses(deps.market, symbols, today - days[0]! + 1, cache);
  const times = days.map((day) => easternTime(day, 0));
  const capital = start.startingCashCents / 100;
  const curve = liveEquityCurve(fills, times, closes, capital);
  return insertDailyEquity(
    deps.db,
    days.map((day, i) => ({
      userId,
      dayNumber: day,
      equityCents: Math.round(curve.equity[i]! * 100),
      cashCents: Math.round(curve.cash[i]! * 100),
      netDepositsCents: start.startingCashCents,
      source: 'backfill' as const,
    })),
  );
}

/** Backfills every user's missing days up to `lastDay`; returns the rows written. */
export async function backfillAll(deps: BackfillDeps, lastDay: number, today: number): Promise<number> {
  const rows = await deps.db.select({ id: users.id }).from(users);
  const cache: ClosesCache = new Map();
  let written = 0;
  for (const { id } of rows) written += await backfillUser(deps, id, lastDay, today, cache);
  return written;
}
