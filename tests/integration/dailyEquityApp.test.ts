// The daily equity job as the app runs it (issue 15 point 1), on PostgreSQL: two app instances on one database (one
// leader) started after today's close backfill a user's days and record today's close once; a restart writes nothing
// more and changes nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { SimulatedMarket } from '../../server/services/market';
import { dailyEquity } from '../../server/services/analytics';
import { easternDayNumber, sessionCloseOf } from '../../src/domain/market/calendar';
import { testConfig } from './helpers';
import { WEDNESDAY_1100 } from './ordersSetup';
import { createScratchDatabase } from './scratchDatabase';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('daily equity job in the app (PostgreSQL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('backfills and records the close once across two instances and a restart', async () => {
    const scratch = await createScratchDatabase(adminUrl!, 'daily_equity');
    cleanups.push(() => scratch.drop());
    const config = testConfig({ DATABASE_URL: scratch.url });
    const handle = await createDatabase(config, console);
    cleanups.push(() => handle.close());
    const [user] = await handle.db
      .insert(users)
      .values({ email: 'equity@example.test', isVerified: true, createdAt: new Date('2026-11-12T16:00:00Z') })
      .returning({ id: users.id });

    const clock = sessionCloseOf(easternDayNumber(WEDNESDAY_1100)) + 2 * 60_000;
    const market = new SimulatedMarket({ seed: 'daily-equity-app', now: clock, alwaysOpen: true });
    /** An app instance on the database; closing it waits for its job's work. */
    const instance = async () => {
      const database = await createDatabase(config, console);
      const app = await buildApp({ config, database, market, now: () => new Date(clock) });
      return async () => {
        await app.close();
        await database.close();
      };
    };

    const closeBoth = await Promise.all([instance(), instance()]);
    for (const close of closeBoth) await close();
    const rows = await dailyEquity(handle.db, user!.id, '2026-01-01', '2026-12-31');
    const cash = config.paper.startingCashCents / 100;
    expect(rows.map((row) => [row.date, row.source, row.equity])).toEqual([
      ['2026-11-12', 'backfill', cash],
      ['2026-11-13', 'backfill', cash],
      ['2026-11-16', 'backfill', cash],
      ['2026-11-17', 'backfill', cash],
      ['2026-11-18', 'close', cash],
    ]);

    await (
      await instance()
    )();
    expect(await dailyEquity(handle.db, user!.id, '2026-01-01', '2026-12-31')).toEqual(rows);
  });
});
