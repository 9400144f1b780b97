/**
 * The paper broker across accounts (issue 18 point 4): market orders placed and filled per second with 100 orders in
 * flight at once, spread over 1, 10 or 100 accounts, on in-memory PGlite and (with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) on PostgreSQL, next to bare one-row transactions (one at a time, and 100 at once) on the same
 * database. Each account's checks and writes hold that account's lock only, so on PostgreSQL (pooled connections)
 * 100 accounts proceed side by side where one account's orders wait on each other: the ratio of 100 accounts to 1 is
 * printed (goal on PostgreSQL ≥ 4× on this 2-core machine). PGlite runs one transaction at a time whatever the
 * accounts: there the ratio stays near 1×.
 *
 * Each of the 100 workers buys then sells one share (T or INTC, alternating by worker) over and over, so no order is
 * refused (positions stay within the aggressive preset's $2,000 per symbol) and every order fills at once.
 *
 * Run alone: `npx tsx bench/engineAccounts.ts` (or `npm run bench -- accounts`).
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../server/config';
import { createDatabase, type DatabaseHandle } from '../server/db/client';
import { createEventBus } from '../server/events';
import { SimulatedMarket } from '../server/services/market';
import { createTradingEngine } from '../server/services/trading';
import { createScratchDatabase } from '../tests/integration/scratchDatabase';
import { createBenchUser } from './engine';

const START = Date.parse('2026-11-18T16:00:00Z');
const WORKERS = 100;
/** Orders per worker per case (a buy then a sell, repeated). */
const ORDERS_PER_WORKER = 6;
const ACCOUNT_COUNTS = [1, 10, 100] as const;
const GOAL_ON_POSTGRES = 4;

export interface AccountsBenchRow {
  database: 'pglite' | 'postgres';
  /** Orders per second with 100 in flight, by number of accounts. */
  ordersPerSecond: Record<(typeof ACCOUNT_COUNTS)[number], number>;
  /** Bare one-row transactions per second: one at a time, and 100 at once. */
  bareSerial: number;
  bareConcurrent: number;
}

async function perSecond(ops: number, work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (ops * 1000) / (performance.now() - started);
}

async function benchDatabase(
  database: AccountsBenchRow['database'],
  handle: DatabaseHandle,
): Promise<AccountsBenchRow> {
  const { db } = handle;
  const engine = createTradingEngine({
    db,
    events: createEventBus(),
    market: new SimulatedMarket({ seed: 'accounts-bench', now: START, alwaysOpen: true }),
    now: () => new Date(START),
    paper: { startingCashCents: 10_000_000_00, commissionCents: 0, fractional: false },
    log: console,
  });
  try {
    await db.execute(sql`create table bench_account_rows (id serial primary key, value bigint not null)`);
    const bareTransaction = (value: number) =>
      db.transaction((tx) => tx.execute(sql`insert into bench_account_rows (value) values (${value})`));
    const total = WORKERS * ORDERS_PER_WORKER;
    await perSecond(total, async () => {
      for (let i = 0; i < 100; i++) await bareTransaction(i); // warm-up
    });
    const bareSerial = await perSecond(total, async () => {
      for (let i = 0; i < total; i++) await bareTransaction(i);
    });
    const bareConcurrent = await perSecond(total, () =>
      Promise.all(
        Array.from({ length: WORKERS }, async (_, w) => {
          for (let i = 0; i < ORDERS_PER_WORKER; i++) await bareTransaction(w * ORDERS_PER_WORKER + i);
        }),
      ),
    );

    const ordersPerSecond = {} as AccountsBenchRow['ordersPerSecond'];
    for (const count of ACCOUNT_COUNTS) {
      const accounts = await Promise.all(Array.from({ length: count }, () => createBenchUser(db, 'aggressive')));
      // The accounts' first order creates their account rows: not timed.
      await Promise.all(accounts.map((userId) => engine.placeOrder(userId, order('T', 'BUY'))));
      await Promise.all(accounts.map((userId) => engine.placeOrder(userId, order('T', 'SELL'))));
      ordersPerSecond[count] = await perSecond(total, () =>
        Promise.all(
          Array.from({ length: WORKERS }, async (_, w) => {
            const userId = accounts[w % count]!;
            const symbol = w % 2 === 0 ? 'T' : 'INTC';
            for (let i = 0; i < ORDERS_PER_WORKER; i++) {
              await engine.placeOrder(userId, order(symbol, i % 2 === 0 ? 'BUY' : 'SELL'));
            }
          }),
        ),
      );
    }
    return { database, ordersPerSecond, bareSerial, bareConcurrent };
  } finally {
    await engine.close();
  }
}

function order(symbol: string, side: 'BUY' | 'SELL') {
  return { symbol, side, type: 'MARKET', quantity: 1 } as const;
}

export async function benchEngineAccounts(
  postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null,
): Promise<AccountsBenchRow[]> {
  const rows: AccountsBenchRow[] = [];
  const pglite = await createDatabase(loadConfig({ DATA_DIR: IN_MEMORY_DATA_DIR }), console);
  try {
    rows.push(await benchDatabase('pglite', pglite));
  } finally {
    await pglite.close();
  }
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'bench_accounts');
    try {
      const postgres = await createDatabase(loadConfig({ DATABASE_URL: scratch.url }), console);
      try {
        rows.push(await benchDatabase('postgres', postgres));
      } finally {
        await postgres.close();
      }
    } finally {
      await scratch.drop();
    }
  }
  return rows;
}

export function formatEngineAccounts(rows: readonly AccountsBenchRow[]): string {
  const header = [
    'database',
    '1 account',
    '10 accounts',
    '100 accounts',
    '100 : 1',
    'bare serial',
    'bare ×100',
    'goal',
  ];
  const body = rows.map((r) => {
    const ratio = r.ordersPerSecond[100] / r.ordersPerSecond[1];
    const goal =
      r.database === 'postgres' ? `≥ ${GOAL_ON_POSTGRES}× ${ratio >= GOAL_ON_POSTGRES ? 'met' : 'MISSED'}` : '–';
    return [
      r.database,
      ...ACCOUNT_COUNTS.map((count) => r.ordersPerSecond[count].toFixed(0)),
      `${ratio.toFixed(2)}×`,
      r.bareSerial.toFixed(0),
      r.bareConcurrent.toFixed(0),
      goal,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [
    'orders/s (market orders placed and filled, 100 in flight) and bare one-row transactions/s',
    line(header),
    ...body.map(line),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatEngineAccounts(await benchEngineAccounts()));
}
