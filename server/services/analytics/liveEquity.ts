/**
 * The live accounts' part of the daily equity history (issue 15 point 1), run by the close job (./closeJob.ts).
 *
 * Rules:
 * - The accounts: every live broker connection that is connected and verified (whatever the user's mode today, so a
 *   live series has no hole while its owner trades paper), each its own series 'live:<connection id>', read through
 *   its provider's reader (../brokers/accountHistory.ts; a provider without a reader is not recorded).
 * - Close of `day`: the broker's equity and cash when the job runs (positions value = equity − cash) and its
 *   cumulative net deposits. A broker that shows no transfers (null): the series' last net deposits, else the equity
 *   (the first recorded day's equity counts as the deposit; later flows are not seen).
 * - Backfill, on start and before each close: the days after the series' last row (none: BACKFILL_MAX_DAYS back) up
 *   to `lastDay`, from the broker's daily history where the reader has one (cash and positions value unknown: null).
 *   So a close lost to a broker failure is filled by the next run (Alpaca); without a history (Tradier) it stays
 *   missing.
 * - A failed broker call is logged (connection and provider, never credentials) and writes nothing for that
 *   connection: no row with made-up values. Every write is `insert … on conflict do nothing`.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dailyEquity as dailyEquityTable } from '../../db/schema';
import type { AccountHistoryReader, AccountReads } from '../brokers/accountHistory';
import type { ConnectionRow } from '../brokers/connectionRows';
import { usableLiveConnections } from '../brokers/liveConnections';
import { isTradingDayNumber } from '../../../src/domain/market/calendar';
import { BACKFILL_MAX_DAYS } from './backfill';
import { dayOfIso } from '../../../src/domain/market/calendar';
import { insertDailyEquity, liveAccount } from './dailyEquity';

export interface LiveEquityDeps {
  db: Database;
  /** One reader per live provider (Alpaca, Tradier). */
  live?: readonly AccountHistoryReader[];
  log: { error(object: unknown, message: string): void };
}

/** The series' last recorded day (number) and its net deposits (cents), or null. */
async function lastRow(db: Database, row: ConnectionRow) {
  const [last] = await db
    .select({ date: dailyEquityTable.date, netDepositsCents: dailyEquityTable.netDepositsCents })
    .from(dailyEquityTable)
    .where(and(eq(dailyEquityTable.userId, row.userId), eq(dailyEquityTable.account, liveAccount(row.id))))
    .orderBy(desc(dailyEquityTable.date))
    .limit(1);
  return last ? { day: dayOfIso(last.date), netDepositsCents: last.netDepositsCents } : null;
}

function notRecorded(deps: LiveEquityDeps, row: ConnectionRow, error: unknown) {
  deps.log.error(
    { err: error, connectionId: row.id, provider: row.provider },
    'daily equity: live account not recorded (tried again on the next run)',
  );
}

/** Runs `work` for every usable live connection of every reader's provider (read once); returns the rows written. */
async function eachConnection(
  deps: LiveEquityDeps,
  work: (reads: AccountReads, row: ConnectionRow) => Promise<number>,
): Promise<number> {
  let written = 0;
  for (const reader of deps.live ?? []) {
    for (const row of await usableLiveConnections(deps.db, reader.provider)) {
      try {
        written += await work(reader.open(row), row);
      } catch (error) {
        notRecorded(deps, row, error);
      }
    }
  }
  return written;
}

/**
 * Backfills one connection's missing days up to `lastDay`; returns the rows written and the series' net deposits
 * after them (null: no row yet), so that the close that follows need not read the series again.
 */
async function backfillConnection(
  db: Database,
  reads: AccountReads,
  row: ConnectionRow,
  last: Awaited<ReturnType<typeof lastRow>>,
  lastDay: number,
  today: number,
): Promise<{ written: number; netDepositsCents: number | null }> {
  let deposits = last?.netDepositsCents ?? null;
  if (!reads.history) return { written: 0, netDepositsCents: deposits };
  const fromDay = last ? last.day + 1 : today - BACKFILL_MAX_DAYS;
  let missing = false;
  for (let day = fromDay; day <= lastDay && !missing; day++) missing = isTradingDayNumber(day);
  if (!missing) return { written: 0, netDepositsCents: deposits };
  const days = (await reads.history(fromDay, lastDay)).filter((d) => isTradingDayNumber(d.dayNumber));
  const written = await insertDailyEquity(
    db,
    days.map((d) => {
      deposits = d.netDepositsCents ?? deposits ?? d.equityCents;
      return {
        userId: row.userId,
        account: liveAccount(row.id),
        dayNumber: d.dayNumber,
        equityCents: d.equityCents,
        cashCents: null,
        netDepositsCents: deposits,
        source: 'backfill' as const,
      };
    }),
  );
  return { written, netDepositsCents: deposits };
}

/** Backfills every live connection's missing days up to `lastDay` from its broker's history. */
export function backfillLive(deps: LiveEquityDeps, lastDay: number, today: number): Promise<number> {
  return eachConnection(
    deps,
    async (reads, row) =>
      (await backfillConnection(deps.db, reads, row, await lastRow(deps.db, row), lastDay, today)).written,
  );
}

/**
 * Records the close of `day` of every live connection, its missing days before it backfilled first: one pass, so
 * the connections, each series' last row and the broker's transfers are read once.
 */
export function recordLiveCloses(deps: LiveEquityDeps, day: number): Promise<number> {
  return eachConnection(deps, async (reads, row) => {
    const last = await lastRow(deps.db, row);
    let filled = { written: 0, netDepositsCents: last?.netDepositsCents ?? null };
    try {
      filled = await backfillConnection(deps.db, reads, row, last, day - 1, day);
    } catch (error) {
      notRecorded(deps, row, error); // the close is still recorded
    }
    const close = await reads.close(day);
    return (
      filled.written +
      (await insertDailyEquity(deps.db, [
        {
          userId: row.userId,
          account: liveAccount(row.id),
          dayNumber: day,
          equityCents: close.equityCents,
          cashCents: close.cashCents,
          netDepositsCents: close.netDepositsCents ?? filled.netDepositsCents ?? close.equityCents,
          source: 'close',
        },
      ]))
    );
  });
}
