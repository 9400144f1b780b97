/**
 * Analytics (issue 15 point 8): portfolioAnalysis over 10 years of daily history with 200 positions (goal ≤ 100 ms
 * server time) and performanceReport over 10 years (goal ≤ 200 ms), on in-memory PGlite with the real services.
 *
 * Data: one user with YEARS × 252 daily equity rows (a seeded random walk with a deposit a month), 200 positions
 * across the sectors and 2,000 fills (five round trips per symbol, in 10 strategies); a universe of 200 stocks with
 * YEARS of daily candles (random walks), served from memory as the market provider serves its bars. Timed: the
 * whole call (database reads and every figure) with the benchmark the cap-weighted INDEX of the 200 stocks and the
 * risk window ALL, median of REPETITIONS after a warm-up. Baseline in the same run: the bare read of the same
 * daily_equity rows with every column (`dailyEquity`); the analyses read three of them (`equityAndDeposits`), which
 * takes about half as long.
 *
 * Run alone: `npx tsx bench/analytics.ts` (or `npm run bench -- analytics`).
 */
import { pathToFileURL } from 'node:url';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../server/config';
import { createDatabase, type Database } from '../server/db/client';
import { orders, preferences, trades, users } from '../server/db/schema';
import { dailyEquity, insertDailyEquity } from '../server/services/analytics/dailyEquity';
import { easternDayNumber, easternTime, isoDate, previousTradingDay } from '../src/domain/market/calendar';
import { createAnalyticsService } from '../server/services/analytics/service';
import { randomWalk } from '../src/domain/indicators/fixtures';
import type { Candle } from '../src/domain/market/candle';
import type { Instrument } from '../src/domain/market/universe';
import { DEFAULT_PREFERENCES } from '../src/domain/preferences';
import type { Portfolio, Position } from '../src/domain/trading/account';

const YEARS = 10;
const DAYS = YEARS * 252;
const SYMBOLS = 200;
const REPETITIONS = 7;
const NOW = new Date('2026-11-18T16:00:00Z');
const SECTORS = ['Information Technology', 'Health Care', 'Financials', 'Energy', 'Industrials', 'Utilities'];
const GOALS = { portfolioAnalysis: 100, performanceReport: 200 };

export interface AnalyticsBenchRow {
  name: keyof typeof GOALS;
  /** Median ms of the call, and of the bare daily_equity read. */
  ms: number;
  baselineMs: number;
  goalMs: number;
}

function tradingDays(count: number): number[] {
  const days: number[] = [];
  let day = easternDayNumber(NOW.getTime());
  while (days.length < count) days.unshift((day = previousTradingDay(day)));
  return days;
}

async function seed(db: Database, days: readonly number[]) {
  const [user] = await db.insert(users).values({ email: 'bench@example.test', isVerified: true }).returning();
  const userId = user!.id;
  await db.insert(preferences).values({ userId, ...DEFAULT_PREFERENCES });
  const walk = randomWalk(days.length, 7, 100, 0.01).close;
  let deposits = 100_000;
  await insertDailyEquity(
    db,
    days.map((dayNumber, i) => {
      if (i > 0 && i % 21 === 0) deposits += 1000;
      const equity = (walk[i]! / walk[0]!) * 100_000 + deposits - 100_000;
      const cents = Math.round(equity * 100);
      return {
        userId,
        dayNumber,
        equityCents: cents,
        cashCents: cents,
        netDepositsCents: deposits * 100,
        source: 'backfill',
      };
    }),
  );
  for (let s = 0; s < SYMBOLS; s++) {
    const symbol = `S${String(s).padStart(3, '0')}`;
    const [order] = await db
      .insert(orders)
      .values({
        userId,
        symbol,
        side: 'BUY',
        type: 'MARKET',
        timeInForce: 'DAY',
        status: 'FILLED',
        quantity: 10,
        filledQuantity: 10,
        reservePriceCents: 10_000,
        fillValueCents: 100_000,
      })
      .returning();
    const fills = Array.from({ length: 10 }, (_, k) => {
      const at = easternTime(days[(s * 7 + k * 240) % days.length]!, 600 + k);
      return {
        userId,
        orderId: order!.id,
        symbol,
        side: k % 2 === 0 ? ('BUY' as const) : ('SELL' as const),
        quantity: 10,
        priceCents: 10_000 + ((s * 37 + k * 101) % 2000),
        commissionCents: 100,
        strategyId: `strategy-${s % 10}`,
        createdAt: new Date(at),
        quoteAt: at,
      };
    });
    await db.insert(trades).values(fills);
  }
  return userId;
}

function universe(days: readonly number[]) {
  const instruments = new Map<string, Instrument>();
  const candles = new Map<string, Candle[]>();
  for (let s = 0; s < SYMBOLS; s++) {
    const symbol = `S${String(s).padStart(3, '0')}`;
    instruments.set(symbol, {
      symbol,
      name: symbol,
      sector: SECTORS[s % SECTORS.length]!,
      exchange: 'NYSE',
      type: 'stock',
      referencePrice: 100,
      avgDailyVolume: 1e6,
      sharesOutstanding: 1e9 + s * 1e7,
      volatility: 0.25,
      beta: 1,
    });
    const { open, high, low, close, volume } = randomWalk(days.length, 100 + s);
    candles.set(
      symbol,
      days.map((day, i) => ({
        time: easternTime(day, 0),
        open: open[i]!,
        high: high[i]!,
        low: low[i]!,
        close: close[i]!,
        volume: volume[i]!,
      })),
    );
  }
  const positions: Position[] = [...instruments.keys()].map((symbol, i) => ({
    symbol,
    quantity: 10 + i,
    averageCost: 100,
    currentPrice: 101,
    marketValue: (10 + i) * 101,
    costBasis: (10 + i) * 100,
    unrealizedPnL: 10 + i,
    unrealizedPnLPercent: 1,
    realizedPnL: 0,
    dayPnL: 0,
    side: 'long',
  }));
  return { instruments, candles, positions };
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < REPETITIONS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

export async function benchAnalytics(): Promise<AnalyticsBenchRow[]> {
  const handle = await createDatabase(loadConfig({ DATA_DIR: IN_MEMORY_DATA_DIR }), console);
  try {
    const days = tradingDays(DAYS);
    const userId = await seed(handle.db, days);
    const { instruments, candles, positions } = universe(days);
    const portfolio: Portfolio = {
      totalValue: 0,
      totalGainLoss: 0,
      totalGainLossPercent: 0,
      dayGainLoss: 0,
      dayGainLossPercent: 0,
      cash: 50_000,
      buyingPower: 50_000,
      marginUsed: 0,
      lastUpdated: NOW.toISOString(),
      positions,
    };
    const analytics = createAnalyticsService({
      db: handle.db,
      market: { getCandles: (symbol, _interval, limit) => (candles.get(symbol) ?? []).slice(-limit) },
      instruments: async () => instruments,
      broker: { portfolio: async () => portfolio },
      now: () => NOW,
    });
    const from = isoDate(days[0]!);
    const to = isoDate(days[days.length - 1]!);
    const baselineMs = await median(() => dailyEquity(handle.db, userId, from, to));
    return [
      {
        name: 'portfolioAnalysis',
        ms: await median(() => analytics.portfolioAnalysis(userId, { window: 'ALL' })),
        baselineMs,
        goalMs: GOALS.portfolioAnalysis,
      },
      {
        name: 'performanceReport',
        ms: await median(() => analytics.performanceReport(userId, { start: from, end: to, grouping: 'MONTH' })),
        baselineMs,
        goalMs: GOALS.performanceReport,
      },
    ];
  } finally {
    await handle.close();
  }
}

export function formatAnalyticsBench(rows: readonly AnalyticsBenchRow[]): string {
  return rows
    .map(
      (r) =>
        `${r.name.padEnd(18)} ${r.ms.toFixed(1).padStart(7)} ms  (bare daily_equity read ${r.baselineMs.toFixed(1)} ms, ` +
        `${(r.ms / r.baselineMs).toFixed(1)}×)  goal ≤ ${r.goalMs} ms ${r.ms <= r.goalMs ? 'met' : 'MISSED'}`,
    )
    .join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(
    `Analytics over ${YEARS} years of daily history, ${SYMBOLS} positions (PGlite, median of ${REPETITIONS}):`,
  );
  console.log(formatAnalyticsBench(await benchAnalytics()));
}
