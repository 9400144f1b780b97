// The daily equity history (issue 15 point 1) on PGlite and PostgreSQL: the backfill rebuilds a user's days from
// their trades and the simulated market's daily closes (numbers asserted from both); the close job writes today's
// row once, however often it runs and from however many instances (a restart, a second leader); a user without
// trades gets their starting cash from their account's creation; users are backfilled in batches; a close whose run
// failed is filled at the next close while the server stays up; a restart completes a close it interrupted; a
// backfill failing for one user leaves today's close and the other users' days written.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyEquity as dailyEquityTable, paperAccounts, positions, users } from '../../server/db/schema';
import { CLOSE_DELAY_MS, createDailyEquityJob, dailyEquity } from '../../server/services/analytics';
import type { CloseJobDeps } from '../../server/services/analytics/closeJob';
import { backfillAll } from '../../server/services/analytics/backfill';
import { easternDayNumber, easternTime, sessionCloseOf } from '../../src/domain/market/calendar';
import { createUserWithSession, drivers } from './helpers';
import { createTradingTestApp, insertFilledOrder, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

/** 11:00 in New York (EST) on `date`. */
const at = (date: string) => Date.parse(`${date}T16:00:00Z`);
const TODAY = easternDayNumber(WEDNESDAY_1100);
/** The trading days from Monday 2026-11-02 to Tuesday 2026-11-17 (the day before the clock's Wednesday). */
const DAYS = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13', '16', '17'].map((d) => `2026-11-${d}`);
const silent = { error: () => undefined };

describe.each(drivers)('daily equity history (%s)', (driver) => {
  let t: TradingTestApp;
  let startingCashCents: number;
  /** The close job on the test app's database and clock; `over` replaces any of its dependencies. */
  const job = (over: Partial<CloseJobDeps> = {}) =>
    createDailyEquityJob({
      db: t.db,
      market: t.market,
      now: () => new Date(t.clock()),
      startingCashCents,
      log: silent,
      ...over,
    });
  /** The test market, whose daily bars fail while `down()` says so. */
  const marketFailingWhile = (down: () => boolean): CloseJobDeps['market'] => ({
    getCandles: (...args) => {
      if (down()) throw new Error('market data down');
      return t.market.getCandles(...args);
    },
    getQuote: (symbol) => t.market.getQuote(symbol),
  });
  /** A timer that never fires by itself: the test runs what was scheduled from `timers`. */
  const heldTimers =
    (timers: (() => void)[]): CloseJobDeps['setTimer'] =>
    (run) => {
      timers.push(run);
      return () => undefined;
    };

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    startingCashCents = t.config.paper.startingCashCents;
  });
  afterAll(() => t.close());

  async function userCreatedOn(date: string): Promise<string> {
    const { id } = await createUserWithSession(t.db);
    await t.db
      .update(users)
      .set({ createdAt: new Date(at(date)) })
      .where(eq(users.id, id));
    return id;
  }

  const fill = (
    userId: string,
    side: 'BUY' | 'SELL',
    quantity: number,
    priceCents: number,
    at: number,
    commissionCents = 0,
  ) => insertFilledOrder(t.db, { userId, side, quantity, priceCents, at, commissionCents });

  /** A user who bought 10 AAPL at $100 on 11-04 and sold 4 at $120 (commission $1) on 11-10. */
  async function trader(): Promise<string> {
    const userId = await userCreatedOn('2026-11-02');
    await fill(userId, 'BUY', 10, 10_000, at('2026-11-04'));
    await fill(userId, 'SELL', 4, 12_000, at('2026-11-10'), 100);
    await t.db
      .insert(paperAccounts)
      .values({ userId, cashCents: startingCashCents - 100_000 + 48_000 - 100, startingCashCents });
    await t.db
      .insert(positions)
      .values({ userId, symbol: 'AAPL', quantity: 6, costCents: 60_000, realizedCents: 7_900 });
    return userId;
  }

  const closesOfAapl = () =>
    new Map(t.market.getCandles('AAPL', '1D', 60).map((candle) => [candle.time, candle.close]));
  const dayTime = (date: string) => easternTime(easternDayNumber(at(date)), 0);

  it('backfills every trading day from the account’s creation from the trades and the daily closes', async () => {
    t.setClock(WEDNESDAY_1100);
    const userId = await trader();
    await job().backfill();
    const rows = await dailyEquity(t.db, userId, '2026-01-01', '2026-12-31');
    expect(rows.map((row) => row.date)).toEqual(DAYS);

    const closes = closesOfAapl();
    const start = startingCashCents / 100;
    const expected = DAYS.map((date) => {
      const cash = date < '2026-11-04' ? start : date < '2026-11-10' ? start - 1000 : start - 1000 + 480 - 1;
      const shares = date < '2026-11-04' ? 0 : date < '2026-11-10' ? 10 : 6;
      const close = closes.get(dayTime(date));
      expect(close, `the close of ${date}`).toBeDefined();
      const value = Math.round(shares * close! * 100) / 100;
      return { date, cash, positionsValue: value, equity: cash + value, netDeposits: start, source: 'backfill' };
    });
    for (const [i, row] of rows.entries()) {
      const want = expected[i]!;
      expect(row).toMatchObject({
        date: want.date,
        cash: want.cash,
        netDeposits: want.netDeposits,
        source: 'backfill',
      });
      expect(row.equity).toBeCloseTo(want.equity, 2);
      expect(row.positionsValue).toBeCloseTo(want.positionsValue, 2);
    }
    // The read function's range is inclusive on both ends.
    expect((await dailyEquity(t.db, userId, '2026-11-04', '2026-11-06')).map((row) => row.date)).toEqual([
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
    ]);
    // A second backfill writes nothing.
    expect(await job().backfill()).toBe(0);
  });

  it('gives a user without trades their starting cash from their account’s creation', async () => {
    t.setClock(WEDNESDAY_1100);
    const userId = await userCreatedOn('2026-11-12');
    await job().backfill();
    const rows = await dailyEquity(t.db, userId, '2026-01-01', '2026-12-31');
    const start = startingCashCents / 100;
    expect(rows).toEqual(
      ['2026-11-12', '2026-11-13', '2026-11-16', '2026-11-17'].map((date) => ({
        date,
        equity: start,
        cash: start,
        positionsValue: 0,
        netDeposits: start,
        source: 'backfill',
      })),
    );
  });

  it('backfills every user in batches, a user whose counted days hide a missing one included', async () => {
    t.setClock(WEDNESDAY_1100);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await userCreatedOn('2026-11-16'));
    // One user has a row before their first day (no run writes one) and 11-16, not 11-17: as many rows as days.
    const [odd] = ids;
    const row = (date: string) => ({
      userId: odd!,
      date,
      equityCents: startingCashCents,
      cashCents: startingCashCents,
      positionsValueCents: 0,
      netDepositsCents: startingCashCents,
      source: 'backfill' as const,
    });
    await t.db.insert(dailyEquityTable).values([row('2026-11-13'), row('2026-11-16')]);
    const deps = { db: t.db, market: t.market, startingCashCents, log: silent };
    // Two users a batch: at least three batches over these five users.
    expect(await backfillAll(deps, TODAY - 1, TODAY, 2)).toBeGreaterThanOrEqual(9);
    for (const id of ids)
      expect((await dailyEquity(t.db, id, '2026-11-16', '2026-12-31')).map((r) => r.date)).toEqual([
        '2026-11-16',
        '2026-11-17',
      ]);
    expect(await backfillAll(deps, TODAY - 1, TODAY, 2)).toBe(0);
    expect(await backfillAll(deps, TODAY - 1, TODAY)).toBe(0);
  });

  it('leaves a user whose days are all recorded alone, though they have a row before their first day', async () => {
    t.setClock(WEDNESDAY_1100);
    const userId = await trader();
    await t.db.insert(dailyEquityTable).values({
      userId,
      date: '2026-10-30',
      equityCents: startingCashCents,
      cashCents: startingCashCents,
      positionsValueCents: 0,
      netDepositsCents: startingCashCents,
      source: 'backfill',
    });
    const deps = { db: t.db, market: t.market, startingCashCents, log: silent };
    expect(await backfillAll(deps, TODAY - 1, TODAY)).toBeGreaterThanOrEqual(DAYS.length);
    // Every day recorded: the next pass reads no trades and no daily closes for them (nor for anyone).
    let candleReads = 0;
    const counting = {
      ...deps,
      market: {
        getCandles: (...args: Parameters<typeof t.market.getCandles>) => {
          candleReads++;
          return t.market.getCandles(...args);
        },
      },
    };
    expect(await backfillAll(counting, TODAY - 1, TODAY)).toBe(0);
    expect(candleReads).toBe(0);
  });

  it('starts a user’s history at the first close at or after their account’s creation', async () => {
    t.setClock(WEDNESDAY_1100);
    const duringSession = await createUserWithSession(t.db);
    const afterClose = await createUserWithSession(t.db);
    const created = [
      [duringSession.id, Date.parse('2026-11-16T20:59:00Z')], // Monday 15:59 in New York
      [afterClose.id, sessionCloseOf(easternDayNumber(at('2026-11-16'))) + 60_000], // Monday 16:01
    ] as const;
    for (const [id, createdAt] of created)
      await t.db
        .update(users)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(users.id, id));
    await job().backfill();
    const dates = async (userId: string) =>
      (await dailyEquity(t.db, userId, '2026-01-01', '2026-12-31')).map((row) => row.date);
    expect(await dates(duringSession.id)).toEqual(['2026-11-16', '2026-11-17']);
    expect(await dates(afterClose.id)).toEqual(['2026-11-17']);
    // The close job's rule: Monday's close counts the first user only.
    t.setClock(sessionCloseOf(easternDayNumber(at('2026-11-16'))) + CLOSE_DELAY_MS);
    await t.db.delete(dailyEquityTable).where(eq(dailyEquityTable.date, '2026-11-16'));
    await job().recordClose(easternDayNumber(at('2026-11-16')));
    expect(await dates(duringSession.id)).toEqual(['2026-11-16', '2026-11-17']);
    expect(await dates(afterClose.id)).toEqual(['2026-11-17']);
    t.setClock(WEDNESDAY_1100);
  });

  it('records today’s close once, across runs, a restart and a second instance', async () => {
    const userId = await trader();
    t.setClock(WEDNESDAY_1100);
    const first = job();
    expect(await first.recordTodayIfClosed()).toBe(0);

    t.setClock(sessionCloseOf(TODAY) + 2 * 60_000);
    const written = await first.recordTodayIfClosed();
    expect(written).toBeGreaterThanOrEqual(1);
    expect(await first.recordTodayIfClosed()).toBe(0);
    // A second leader, and a restart (start runs the backfill and today's close again).
    expect(await job().recordTodayIfClosed()).toBe(0);
    const restarted = job();
    await restarted.start();
    await restarted.stop();

    const today = await t.db
      .select()
      .from(dailyEquityTable)
      .where(and(eq(dailyEquityTable.userId, userId), eq(dailyEquityTable.date, '2026-11-18')));
    expect(today).toHaveLength(1);
    const bar = t.market.getCandles('AAPL', '1D', 1).at(-1)!;
    expect(bar.time).toBe(easternTime(TODAY, 0));
    const cash = startingCashCents - 100_000 + 48_000 - 100;
    expect(today[0]).toMatchObject({
      source: 'close',
      cashCents: cash,
      positionsValueCents: Math.round(6 * bar.close * 100),
      equityCents: cash + Math.round(6 * bar.close * 100),
      netDepositsCents: startingCashCents,
    });
    // The restart's backfill filled the days before today too, once each.
    const rows = await dailyEquity(t.db, userId, '2026-01-01', '2026-12-31');
    expect(rows.map((row) => row.date)).toEqual([...DAYS, '2026-11-18']);
  });

  it('waits for each close by the market calendar, early closes included, and records it', async () => {
    t.setClock(WEDNESDAY_1100);
    const userId = await userCreatedOn('2026-11-16');
    const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
    const scheduled = job({
      setTimer: (run, ms) => {
        const timer = { run, ms, cancelled: false };
        timers.push(timer);
        return () => void (timer.cancelled = true);
      },
    });
    await scheduled.start();
    await scheduled.idle();
    // Before the close: the days before today, and a wait until one minute after today's 16:00 close.
    const dates = async () => (await dailyEquity(t.db, userId, '2026-01-01', '2026-12-31')).map((row) => row.date);
    expect(await dates()).toEqual(['2026-11-16', '2026-11-17']);
    expect(timers.map((timer) => timer.ms)).toEqual([sessionCloseOf(TODAY) + CLOSE_DELAY_MS - WEDNESDAY_1100]);

    t.setClock(sessionCloseOf(TODAY) + CLOSE_DELAY_MS);
    timers[0]!.run();
    await scheduled.idle();
    expect(await dates()).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);
    expect(timers[1]!.ms).toBe(24 * 3_600_000);

    // Wednesday before Thanksgiving: the next close is Friday's early one, 13:00 in New York.
    t.setClock(Date.parse('2026-11-25T21:01:00Z'));
    timers[1]!.run();
    await scheduled.idle();
    expect(timers[2]!.ms).toBe(Date.parse('2026-11-27T18:00:00Z') + CLOSE_DELAY_MS - t.clock());
    await scheduled.stop();
    expect(timers[2]!.cancelled).toBe(true);
    t.setClock(WEDNESDAY_1100);
  });

  it('fills a close whose run failed at the next close, while the server stays up', async () => {
    t.setClock(WEDNESDAY_1100);
    const userId = await trader();
    let marketDown = false;
    const errors: unknown[] = [];
    const timers: (() => void)[] = [];
    const running = job({
      market: marketFailingWhile(() => marketDown),
      log: { error: (object) => void errors.push(object) },
      setTimer: heldTimers(timers),
    });
    await running.start();
    await running.idle();
    const rows = () => dailyEquity(t.db, userId, '2026-11-17', '2026-12-31');

    // Wednesday's close fails (the trader holds AAPL, whose close cannot be read): nothing is written for it.
    marketDown = true;
    t.setClock(sessionCloseOf(TODAY) + CLOSE_DELAY_MS);
    timers[0]!();
    await running.idle();
    expect(errors).toHaveLength(1);
    expect((await rows()).map((row) => row.date)).toEqual(['2026-11-17']);

    // Thursday's close, the process still up: Wednesday rebuilt from the trades and its daily close, then Thursday.
    marketDown = false;
    t.setClock(sessionCloseOf(TODAY + 1) + CLOSE_DELAY_MS);
    timers[1]!();
    await running.idle();
    await running.stop();
    expect(errors).toHaveLength(1);
    const after = await rows();
    expect(after.map((row) => [row.date, row.source])).toEqual([
      ['2026-11-17', 'backfill'],
      ['2026-11-18', 'backfill'],
      ['2026-11-19', 'close'],
    ]);
    const wednesday = t.market.getCandles('AAPL', '1D', 5).find((bar) => bar.time === easternTime(TODAY, 0))!;
    const cash = (startingCashCents - 100_000 + 48_000 - 100) / 100;
    expect(after[1]!.cash).toBe(cash);
    expect(after[1]!.equity).toBeCloseTo(cash + 6 * wednesday.close, 2);
    t.setClock(WEDNESDAY_1100);
  });

  it('completes a close a restart interrupted, each user’s day once, the rows already written kept', async () => {
    t.setClock(sessionCloseOf(TODAY) + 2 * 60_000);
    const [written, missing] = [await userCreatedOn('2026-11-16'), await userCreatedOn('2026-11-16')];
    await job().backfill();
    // The interrupted close wrote the first user's row (with a figure of its own to tell it apart), not the second's.
    await t.db.insert(dailyEquityTable).values({
      userId: written,
      date: '2026-11-18',
      equityCents: startingCashCents + 1,
      cashCents: startingCashCents + 1,
      positionsValueCents: 0,
      netDepositsCents: startingCashCents,
      source: 'close',
    });
    const restarted = job();
    await restarted.start();
    await restarted.stop();
    const closeOf = async (userId: string) =>
      (await dailyEquity(t.db, userId, '2026-01-01', '2026-12-31')).map((row) => [row.date, row.source, row.equity]);
    const start = startingCashCents / 100;
    expect(await closeOf(written)).toEqual([
      ['2026-11-16', 'backfill', start],
      ['2026-11-17', 'backfill', start],
      ['2026-11-18', 'close', start + 0.01],
    ]);
    expect(await closeOf(missing)).toEqual([
      ['2026-11-16', 'backfill', start],
      ['2026-11-17', 'backfill', start],
      ['2026-11-18', 'close', start],
    ]);
    t.setClock(WEDNESDAY_1100);
  });
  it('records today’s close and the other users’ days when one user’s backfill fails', async () => {
    t.setClock(sessionCloseOf(TODAY) + CLOSE_DELAY_MS);
    await job().backfill(); // the users of the tests before: nothing missing, so the failure below is one of these
    const traders = [await trader(), await trader()];
    const quiet = await userCreatedOn('2026-11-16');
    // The market's daily closes fail once: for the first of the two traders the backfill reaches.
    let failures = 1;
    const errors: unknown[] = [];
    const timers: (() => void)[] = [];
    const failing = job({
      market: marketFailingWhile(() => failures-- > 0),
      log: { error: (object) => void errors.push(object) },
      setTimer: heldTimers(timers),
    });
    await failing.start();
    await failing.idle();
    expect(errors).toHaveLength(1);
    const dates = async (userId: string) =>
      (await dailyEquity(t.db, userId, '2026-01-01', '2026-12-31')).map((row) => row.date);
    const histories = await Promise.all(traders.map(dates));
    // One trader's days were written, the other's not; both have today's close, as has the user without trades.
    expect(histories.toSorted((a, b) => a.length - b.length)).toEqual([['2026-11-18'], [...DAYS, '2026-11-18']]);
    expect(await dates(quiet)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);

    // The next close fills the failed trader's days, and records its own.
    t.setClock(sessionCloseOf(TODAY + 1) + CLOSE_DELAY_MS);
    timers[0]!();
    await failing.idle();
    await failing.stop();
    expect(errors).toHaveLength(1);
    for (const userId of traders) expect(await dates(userId)).toEqual([...DAYS, '2026-11-18', '2026-11-19']);
    t.setClock(WEDNESDAY_1100);
  });
});
