/**
 * Paper broker throughput: orders matched per second by the engine (server/services/trading/engine.ts) on an
 * in-memory PGlite, against the baseline of bare one-row transactions on the same database in the same run
 * (each fill is one transaction, so the bare transaction rate is the ceiling; the ratio shows the cost of the
 * engine's checks and its four writes per fill).
 *
 * - "match resting orders": ORDERS resting 1-share limit buys are placed, then one quote that crosses them all
 *   is matched; one op = one order filled.
 * - "place + fill market orders": market buys placed and filled at once (risk checks, order, fill); one op = one
 *   order.
 *
 * Run alone: `npx tsx bench/engine.ts`.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../server/config';
import { createDatabase } from '../server/db/client';
import { preferences, users } from '../server/db/schema';
import { createEventBus } from '../server/events';
import { SimulatedMarket } from '../server/services/market';
import { createTradingEngine } from '../server/services/trading';
import { DEFAULT_PREFERENCES } from '../src/domain/preferences';

export interface EngineBenchRow {
  name: string;
  /** Orders per second through the engine. */
  engineOpsPerSec: number;
  /** Bare one-row transactions per second on the same database. */
  baselineOpsPerSec: number;
  /** engine / baseline. */
  ratio: number;
}

export interface EngineBenchOptions {
  /** Resting orders matched by one quote. */
  orders?: number;
  /** Market orders placed. */
  marketOrders?: number;
}

const START = Date.parse('2026-11-18T16:00:00Z');

export async function benchEngine(options: EngineBenchOptions = {}): Promise<EngineBenchRow[]> {
  const restingCount = options.orders ?? 2000;
  const marketCount = options.marketOrders ?? 500;
  const handle = await createDatabase(loadConfig({ DATA_DIR: IN_MEMORY_DATA_DIR }), console);
  const db = handle.db;
  const market = new SimulatedMarket({ seed: 'engine-bench', now: START, alwaysOpen: true });
  const engine = createTradingEngine({
    db,
    events: createEventBus(),
    market,
    now: () => new Date(START),
    paper: { startingCashCents: 10_000_000_00, commissionCents: 0, fractional: false },
    log: console,
  });
  try {
    const user = async (riskTolerance: 'moderate' | 'aggressive') => {
      const [row] = await db
        .insert(users)
        .values({ email: `bench-${Math.random()}@example.test` })
        .returning({ id: users.id });
      await db.insert(preferences).values({ userId: row!.id, ...DEFAULT_PREFERENCES, riskTolerance });
      return row!.id;
    };

    // Baseline: bare one-row transactions.
    await db.execute(sql`create temporary table bench_rows (id serial primary key, value bigint not null)`);
    const baselineStart = performance.now();
    const baselineCount = restingCount;
    for (let i = 0; i < baselineCount; i++) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_rows (value) values (${i})`);
      });
    }
    const baselineOpsPerSec = (baselineCount * 1000) / (performance.now() - baselineStart);

    // Resting limit buys, then one crossing quote.
    const symbol = 'T';
    const quote = market.getQuote(symbol)!;
    const limit = Math.round((quote.bid - 0.5) * 100) / 100;
    const resting = await user('moderate');
    for (let i = 0; i < restingCount; i++) {
      await engine.placeOrder(resting, {
        symbol,
        side: 'BUY',
        type: 'LIMIT',
        price: limit,
        quantity: 1,
        timeInForce: 'GTC',
      });
    }
    const crossing = { ...quote, bid: limit - 0.01, ask: limit, avgVolume: restingCount * 3900 };
    const matchStart = performance.now();
    const fills = await engine.match(symbol, crossing);
    const matchOpsPerSec = (fills * 1000) / (performance.now() - matchStart);
    if (fills !== restingCount) throw new Error(`expected ${restingCount} fills, got ${fills}`);

    // Market orders placed and filled at once, alternating buys and sells.
    const trader = await user('aggressive');
    const placeStart = performance.now();
    for (let i = 0; i < marketCount; i++) {
      await engine.placeOrder(trader, { symbol, side: i % 2 === 0 ? 'BUY' : 'SELL', type: 'MARKET', quantity: 1 });
    }
    const placeOpsPerSec = (marketCount * 1000) / (performance.now() - placeStart);

    return [
      {
        name: 'match resting orders',
        engineOpsPerSec: matchOpsPerSec,
        baselineOpsPerSec,
        ratio: matchOpsPerSec / baselineOpsPerSec,
      },
      {
        name: 'place + fill market orders',
        engineOpsPerSec: placeOpsPerSec,
        baselineOpsPerSec,
        ratio: placeOpsPerSec / baselineOpsPerSec,
      },
    ];
  } finally {
    await engine.stop();
    await handle.close();
  }
}

export function formatEngineBench(rows: readonly EngineBenchRow[]): string {
  const header = ['case', 'engine orders/s', 'bare transactions/s', 'ratio'];
  const body = rows.map((r) => [
    r.name,
    r.engineOpsPerSec.toFixed(0),
    r.baselineOpsPerSec.toFixed(0),
    `${r.ratio.toFixed(2)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('Paper broker engine on in-memory PGlite (vs bare one-row transactions):');
  console.log(formatEngineBench(await benchEngine()));
}
