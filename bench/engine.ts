/**
 * Paper broker throughput: orders filled per second by the engine (server/services/trading/engine.ts) against the
 * baseline of bare one-row transactions on the same database in the same run (a bare transaction is the least a
 * fill can cost). On in-memory PGlite always; on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (an admin URL: a scratch database is created and dropped) is set.
 *
 * - "place + fill market orders": market orders placed and filled at once (risk checks, order, fill), buys and sells
 *   alternating; one op = one order. Goal ≥ 0.25× the bare transactions.
 * - "match resting orders": resting 1-share limit buys are placed (not timed), then one quote that crosses them all
 *   is matched; one op = one order filled. Goal ≥ 0.5×.
 *
 * The machine is shared and noisy, so each case runs in rounds, and within a round bare transactions and engine orders
 * are timed in alternating slices (matching: between two slices of bare transactions): a round's ratio compares
 * neighbours. Printed: the ratio of the totals, and the lowest and highest round.
 *
 * Run alone: `npx tsx bench/engine.ts`.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../server/config';
import { createDatabase, type Database, type DatabaseHandle } from '../server/db/client';
import { preferences, users } from '../server/db/schema';
import { createEventBus } from '../server/events';
import { createMarketService, SimulatedMarket } from '../server/services/market';
import { createTradingEngine, type TradingEngine } from '../server/services/trading';
import { DEFAULT_PREFERENCES } from '../src/domain/preferences';
import { createScratchDatabase } from '../tests/integration/scratchDatabase';

export interface EngineBenchRow {
  database: 'pglite' | 'postgres';
  name: string;
  /** Orders per second through the engine (all rounds). */
  engineOpsPerSec: number;
  /** Bare one-row transactions per second on the same database (all rounds). */
  baselineOpsPerSec: number;
  /** engine / baseline over all rounds. */
  ratio: number;
  /** Lowest and highest ratio of a single round. */
  roundRatios: [number, number];
  /** The goal for the ratio. */
  goal: number;
}

export interface EngineBenchOptions {
  /** Resting orders matched by one quote, per round. */
  orders?: number;
  /** Market orders placed per round. */
  marketOrders?: number;
  rounds?: number;
  /** PostgreSQL admin URL; defaults to BENCH_DATABASE_URL or TEST_DATABASE_URL; null: PGlite only. */
  postgresUrl?: string | null;
}

const START = Date.parse('2026-11-18T16:00:00Z');
const SYMBOL = 'T';

interface Timing {
  ops: number;
  ms: number;
}

async function timed(ops: number, work: () => Promise<unknown>): Promise<Timing> {
  const start = performance.now();
  await work();
  return { ops, ms: performance.now() - start };
}

/** Orders (and bare transactions) timed back to back. */
const SLICE = 25;

function add(total: Timing, part: Timing): void {
  total.ops += part.ops;
  total.ms += part.ms;
}

const rate = (timings: readonly Timing[]) =>
  (timings.reduce((sum, t) => sum + t.ops, 0) * 1000) / timings.reduce((sum, t) => sum + t.ms, 0);

function row(
  database: EngineBenchRow['database'],
  name: string,
  goal: number,
  rounds: readonly { engine: Timing; bare: Timing }[],
): EngineBenchRow {
  const engineOpsPerSec = rate(rounds.map((r) => r.engine));
  const baselineOpsPerSec = rate(rounds.map((r) => r.bare));
  const perRound = rounds.map((r) => rate([r.engine]) / rate([r.bare]));
  return {
    database,
    name,
    engineOpsPerSec,
    baselineOpsPerSec,
    ratio: engineOpsPerSec / baselineOpsPerSec,
    roundRatios: [Math.min(...perRound), Math.max(...perRound)],
    goal,
  };
}

async function benchDatabase(
  database: EngineBenchRow['database'],
  handle: DatabaseHandle,
  options: Required<Omit<EngineBenchOptions, 'postgresUrl'>>,
): Promise<EngineBenchRow[]> {
  const db = handle.db;
  const market = new SimulatedMarket({ seed: 'engine-bench', now: START, alwaysOpen: true });
  const engine = createTradingEngine({
    db,
    pool: handle.pool,
    events: createEventBus(),
    market,
    instruments: createMarketService(market, () => new Date(START)).instruments,
    now: () => new Date(START),
    paper: { startingCashCents: 10_000_000_00, commissionCents: 0, fractional: false },
    log: console,
  });
  try {
    // PGlite: a temporary table, as the figures the goal was set against. PostgreSQL: a regular table (a temporary
    // one lives in one pooled connection, and a transaction writing only one does not wait for its commit to be
    // flushed: it would be no baseline for a durable fill).
    await db.execute(
      database === 'pglite'
        ? sql`create temporary table bench_rows (id serial primary key, value bigint not null)`
        : sql`create table bench_rows (id serial primary key, value bigint not null)`,
    );
    let value = 0;
    const bare = (count: number) =>
      timed(count, async () => {
        for (let i = 0; i < count; i++) {
          await db.transaction(async (tx) => {
            await tx.execute(sql`insert into bench_rows (value) values (${value++})`);
          });
        }
      });
    await bare(50); // warm-up

    const quote = market.getQuote(SYMBOL)!;
    const limit = Math.round((quote.bid - 0.5) * 100) / 100;
    const placeRounds: { engine: Timing; bare: Timing }[] = [];
    const matchRounds: { engine: Timing; bare: Timing }[] = [];
    const trader = await createBenchUser(db, 'aggressive');
    let placed = 0;
    for (let round = 0; round < options.rounds; round++) {
      // Market orders placed and filled at once, alternating buys and sells, in slices each timed right after as
      // many bare transactions.
      const place = { engine: { ops: 0, ms: 0 }, bare: { ops: 0, ms: 0 } };
      for (let done = 0; done < options.marketOrders; done += SLICE) {
        const count = Math.min(SLICE, options.marketOrders - done);
        add(place.bare, await bare(count));
        add(place.engine, await timed(count, () => placeMarketOrders(engine, trader, placed, count)));
        placed += count;
      }
      placeRounds.push(place);

      // Resting limit buys (of a new user: no position yet), then one crossing quote, between bare transactions.
      await placeRestingOrders(engine, await createBenchUser(db, 'moderate'), options.orders, limit);
      const matchBare = await bare(SLICE);
      const crossing = { ...quote, bid: limit - 0.01, ask: limit, avgVolume: options.orders * 3900 };
      let fills = 0;
      const match = await timed(options.orders, async () => (fills = await engine.match(SYMBOL, crossing)));
      if (fills !== options.orders) throw new Error(`expected ${options.orders} fills, got ${fills}`);
      add(matchBare, await bare(SLICE));
      matchRounds.push({ engine: match, bare: matchBare });
    }
    return [
      row(database, 'place + fill market orders', 0.25, placeRounds),
      row(database, 'match resting orders', 0.5, matchRounds),
    ];
  } finally {
    await engine.stop();
  }
}

/** A user with preferences of `riskTolerance` (the engine's risk checks read them). */
export async function createBenchUser(db: Database, riskTolerance: 'moderate' | 'aggressive'): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${randomBytes(6).toString('hex')}@example.test` })
    .returning({ id: users.id });
  await db.insert(preferences).values({ userId: user!.id, ...DEFAULT_PREFERENCES, riskTolerance });
  return user!.id;
}

async function placeMarketOrders(engine: TradingEngine, userId: string, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    await engine.placeOrder(userId, {
      symbol: SYMBOL,
      side: i % 2 === 0 ? 'BUY' : 'SELL',
      type: 'MARKET',
      quantity: 1,
    });
  }
}

async function placeRestingOrders(engine: TradingEngine, userId: string, count: number, limit: number) {
  for (let i = 0; i < count; i++) {
    await engine.placeOrder(userId, {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      price: limit,
      quantity: 1,
      timeInForce: 'GTC',
    });
  }
}

export async function benchEngine(options: EngineBenchOptions = {}): Promise<EngineBenchRow[]> {
  const settings = {
    orders: options.orders ?? 500,
    marketOrders: options.marketOrders ?? 125,
    rounds: options.rounds ?? 4,
  };
  const postgresUrl =
    options.postgresUrl === undefined
      ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null)
      : options.postgresUrl;
  const rows: EngineBenchRow[] = [];
  const pglite = await createDatabase(loadConfig({ DATA_DIR: IN_MEMORY_DATA_DIR }), console);
  try {
    rows.push(...(await benchDatabase('pglite', pglite, settings)));
  } finally {
    await pglite.close();
  }
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'bench');
    try {
      const postgres = await createDatabase(loadConfig({ DATABASE_URL: scratch.url }), console);
      try {
        rows.push(...(await benchDatabase('postgres', postgres, settings)));
      } finally {
        await postgres.close();
      }
    } finally {
      await scratch.drop();
    }
  }
  return rows;
}

export function formatEngineBench(rows: readonly EngineBenchRow[]): string {
  const header = ['database', 'case', 'engine orders/s', 'bare transactions/s', 'ratio', 'rounds', 'goal'];
  const body = rows.map((r) => [
    r.database,
    r.name,
    r.engineOpsPerSec.toFixed(0),
    r.baselineOpsPerSec.toFixed(0),
    `${r.ratio.toFixed(2)}×`,
    `${r.roundRatios[0].toFixed(2)}–${r.roundRatios[1].toFixed(2)}×`,
    `≥ ${r.goal}× ${r.ratio >= r.goal ? 'met' : 'MISSED'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('Paper broker engine (orders per second vs bare one-row transactions on the same database):');
  console.log(formatEngineBench(await benchEngine()));
}
