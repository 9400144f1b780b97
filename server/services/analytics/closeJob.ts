/**
 * The market-close job of the daily equity history (issue 15 point 1): singleton work run by the leader
 * (server/services/leader, started by server/app.ts).
 *
 * Rules:
 * - On start: backfill every user's missing days up to the last trading day before today (./backfill.ts), then, if
 *   today's session has closed, record today's close. Then wait for the next close (the market clock of
 *   src/domain/market/calendar: trading days, early closes) plus {@link CLOSE_DELAY_MS} and record it, and so on.
 * - Each close first backfills the paper accounts' days missed since the last run (a close whose run failed, or
 *   that the timer passed while the process was stalled), so a server that stays up has no hole either; the live
 *   accounts' own backfill runs with their close (./liveEquity.ts).
 * - The backfill and today's close write disjoint days, so each runs whatever the other did: a backfill failing
 *   (the whole pass, or one user's, which is logged while the other users are backfilled) does not keep today's
 *   close from being recorded, and the next run tries the failed days again.
 * - A close row holds the paper account's values when the job runs: its cash, the open positions at the day's daily
 *   close (the provider's 1D bar of that day, else its quote) and the starting cash as net deposits (paper accounts
 *   have no deposits). A user without a paper account yet has their starting cash. Users created after that close
 *   get no row for it, by the close or by a later backfill (./backfill.ts starts a user's history at the first close
 *   at or after their creation): a trader who opens an account in the evening starts with the next session.
 * - Live accounts (./liveEquity.ts): at each close, and in the backfill on start, every connected and verified live
 *   broker connection gets its own series ('live:<connection id>') from its broker: equity, cash and net deposits at
 *   the close, missing days from the broker's daily history where it has one (Alpaca; Tradier none). A broker failure
 *   is logged and writes nothing; the next run fills the day from the history.
 * - Every write is `insert … on conflict do nothing` on (user, account, date): a second run, a restart mid-close or a
 *   second leader writes nothing more.
 * - Time is the injected `now`, so tests drive the job with `backfill()` and `recordClose()`.
 */
import { eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paperAccounts, positions, users } from '../../db/schema';
import type { MarketDataProvider } from '../market';
import {
  easternDayNumber,
  easternTime,
  isTradingDayNumber,
  nextClose,
  previousTradingDay,
  sessionCloseOf,
} from '../../../src/domain/market/calendar';
import { backfillAll } from './backfill';
import { insertDailyEquity } from './dailyEquity';
import { backfillLive, recordLiveCloses, type LiveEquityDeps } from './liveEquity';

/** Wait after the close before recording it, so the day's last bar and fills are in. */
export const CLOSE_DELAY_MS = 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface CloseJobDeps extends LiveEquityDeps {
  db: Database;
  market: Pick<MarketDataProvider, 'getCandles' | 'getQuote'>;
  now: () => Date;
  startingCashCents: number;
  log: { error(object: unknown, message: string): void };
  /** Runs `run` after `ms` milliseconds, returning its cancel (default: an unref'd setTimeout); tests fire it by hand. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

function defaultTimer(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, Math.min(MAX_TIMER_MS, ms));
  timer.unref();
  return () => clearTimeout(timer);
}

/** The price of `symbol` at the close of `day`: that day's daily bar, else the latest quote, else none. */
async function closeOf(market: CloseJobDeps['market'], symbol: string, day: number): Promise<number | undefined> {
  const candles = await market.getCandles(symbol, '1D', 1);
  const bar = candles.find((candle) => candle.time === easternTime(day, 0));
  return bar?.close ?? (await market.getQuote(symbol))?.price;
}

/** Records every user's paper and live accounts at the close of `day` (a day number); returns the rows written. */
export async function recordClose(deps: CloseJobDeps, day: number): Promise<number> {
  const { db } = deps;
  const accounts = await db
    .select({
      userId: users.id,
      cashCents: paperAccounts.cashCents,
      startingCashCents: paperAccounts.startingCashCents,
    })
    .from(users)
    .leftJoin(paperAccounts, eq(paperAccounts.userId, users.id))
    .where(lte(users.createdAt, new Date(sessionCloseOf(day))));
  const held = await db
    .select({ userId: positions.userId, symbol: positions.symbol, quantity: positions.quantity })
    .from(positions)
    .where(gt(positions.quantity, 0));
  const prices = new Map<string, number | undefined>();
  for (const symbol of new Set(held.map((p) => p.symbol))) prices.set(symbol, await closeOf(deps.market, symbol, day));
  const valueCents = new Map<string, number>();
  for (const position of held) {
    const price = prices.get(position.symbol);
    if (price === undefined) continue;
    valueCents.set(
      position.userId,
      (valueCents.get(position.userId) ?? 0) + Math.round(position.quantity * price * 100),
    );
  }
  const paper = await insertDailyEquity(
    db,
    accounts.map((account) => {
      const startingCashCents = account.startingCashCents ?? deps.startingCashCents;
      const cashCents = account.cashCents ?? startingCashCents;
      return {
        userId: account.userId,
        dayNumber: day,
        equityCents: cashCents + (valueCents.get(account.userId) ?? 0),
        cashCents,
        netDepositsCents: startingCashCents,
        source: 'close' as const,
      };
    }),
  );
  return paper + (await recordLiveCloses(deps, day));
}

/** The daily equity job: `start()`/`stop()` as singleton work; `backfill()` and `recordClose()` for tests. */
export function createDailyEquityJob(deps: CloseJobDeps) {
  const setTimer = deps.setTimer ?? defaultTimer;
  let cancelTimer: (() => void) | undefined;
  let running = false;
  let work: Promise<void> = Promise.resolve();

  const today = () => easternDayNumber(deps.now().getTime());
  /** The paper accounts' missing days up to the trading day before today. */
  const backfillPaper = () => backfillAll(deps, previousTradingDay(today()), today());
  /** The live accounts' missing days up to the trading day before today. */
  const backfillLiveAccounts = () => backfillLive(deps, previousTradingDay(today()), today());
  /** Backfills the paper and live accounts up to the trading day before today. */
  const backfill = async () => (await backfillPaper()) + (await backfillLiveAccounts());
  /** Records today's close if today's session has closed (0 rows otherwise). */
  const recordTodayIfClosed = async () => {
    const day = today();
    if (!isTradingDayNumber(day) || deps.now().getTime() < sessionCloseOf(day)) return 0;
    return recordClose(deps, day);
  };

  const logFailure = (error: unknown) => deps.log.error({ err: error }, 'daily equity job failed');
  const run = (task: () => Promise<unknown>) => {
    work = work
      .then(task)
      .then(() => undefined)
      .catch(logFailure);
    return work;
  };
  /**
   * Runs each step, in order, whatever the ones before did: a failure is logged and the next step still runs (the
   * backfill and today's close write disjoint days, so a backfill failing does not keep today's close from the rows).
   */
  const eachLogged = async (steps: readonly (() => Promise<unknown>)[]) => {
    for (const step of steps) await step().catch(logFailure);
  };
  /** The paper accounts' missed days before today, then today's close (its live accounts backfilled with it). */
  const catchUpAndRecord = () => eachLogged([backfillPaper, recordTodayIfClosed]);
  /** Waits for the next close (plus the delay), records it, and waits for the one after, while running. */
  const schedule = () => {
    if (!running) return;
    const at = deps.now().getTime();
    cancelTimer = setTimer(
      () =>
        void run(async () => {
          try {
            await catchUpAndRecord();
          } finally {
            schedule();
          }
        }),
      nextClose(at) - at + CLOSE_DELAY_MS,
    );
  };

  return {
    backfill,
    recordClose: (day: number) => recordClose(deps, day),
    recordTodayIfClosed,
    /** Resolves when the work under way (and the scheduling of the next close) is done. */
    idle: () => work,
    /**
     * Backfills, records today's close if it has passed, then waits for the next close. Resolves once that first
     * work is done, so a leader's first attempt (which tests' buildApp awaits) includes it; the server's start does
     * not wait for it (main.ts runs the leader's work in the background).
     */
    async start() {
      running = true;
      await run(async () => {
        try {
          await eachLogged([backfillPaper, backfillLiveAccounts, recordTodayIfClosed]);
        } finally {
          schedule();
        }
      });
    },
    async stop() {
      running = false;
      cancelTimer?.();
      await work;
    },
  };
}
