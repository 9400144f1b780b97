import { createDatabase, type Database } from '../../server/db/client';
import { trades } from '../../server/db/schema';
import { insertDailyEquity } from '../../server/services/analytics/dailyEquity';
import { easternDayNumber, previousTradingDay } from '../../src/domain/market/calendar';
import { singleUserGql } from './api';

/**
 * Opens a stopped server's database (its PGlite data directory), runs `write` with it and the user who has traded,
 * and closes it: the e2e files that start a server again with data of their own write it here.
 */
export async function withTradersDatabase(
  dataDir: string,
  write: (db: Database, userId: string) => Promise<void>,
): Promise<void> {
  const handle = await createDatabase({ dataDir, databaseUrl: undefined }, console);
  try {
    const [trade] = await handle.db.select({ userId: trades.userId }).from(trades).limit(1);
    if (!trade) throw new Error(`no trade in ${dataDir}: no user has traded`);
    await write(handle.db, trade.userId);
  } finally {
    await handle.close();
  }
}

/**
 * Writes, into a stopped server's database, the closes of the `days` trading days before today for the user who has
 * traded (as the end-of-day job would have recorded them: $100,000 deposited, equity swinging about 0.6 % a day), then
 * runs `also` with the database and that user. The analytics and custom reports e2e files start again after it.
 */
export function recordEquityHistory(
  dataDir: string,
  days: number,
  also?: (db: Database, userId: string) => Promise<void>,
): Promise<void> {
  return withTradersDatabase(dataDir, async (db, userId) => {
    const dayNumbers: number[] = [];
    let day = easternDayNumber(Date.now());
    for (let i = 0; i < days; i++) dayNumbers.unshift((day = previousTradingDay(day)));
    let equity = 100_000;
    const rows = dayNumbers.map((dayNumber, i) => {
      if (i > 0) equity *= 1 + 0.006 * Math.sin(i * 1.3) + 0.001;
      const cents = Math.round(equity * 100);
      return { userId, dayNumber, equityCents: cents, cashCents: cents, netDepositsCents: 10_000_000 };
    });
    await insertDailyEquity(
      db,
      rows.map((row) => ({ ...row, source: 'close' as const })),
    );
    await also?.(db, userId);
  });
}

/** The user's positions (symbol to quantity). */
async function heldPositions(url: string): Promise<Record<string, number>> {
  const { portfolio } = await singleUserGql<{ portfolio: { positions: { symbol: string; quantity: number }[] } }>(
    url,
    '{ portfolio { positions { symbol quantity } } }',
  );
  return Object.fromEntries(portfolio.positions.map((p) => [p.symbol, p.quantity]));
}

/** Waits until the user holds exactly `expected` (the orders' fills), checking every 200 ms for 20 s. */
export async function untilHeld(url: string, expected: Record<string, number>): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (JSON.stringify(await heldPositions(url)) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not filled: ${JSON.stringify(await heldPositions(url))}`);
}
