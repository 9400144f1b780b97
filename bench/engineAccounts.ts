/**
 * The paper broker across accounts (issue 18 point 4): market orders placed and filled per second with 100 orders in
 * flight at once, spread over 1, 10 or 100 accounts, on in-memory PGlite and (with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) on PostgreSQL, next to bare one-row transactions (one at a time, and 100 at once) on the same
 * database. Each account's checks and writes hold that account's lock only, so on PostgreSQL (pooled connections) 100
 * accounts proceed side by side where one account's orders wait on each other: the ratio of 100 accounts to 1 is
 * printed (goal on PostgreSQL ≥ 4× on this 2-core machine). PGlite runs one transaction at a time whatever the
 * accounts: there the ratio stays near 1×.
 *
 * Each of the 100 workers buys then sells one share (T or INTC, alternating by worker) over and over, so no order is
 * refused (positions stay within the aggressive preset's $2,000 per symbol) and every order fills at once. The cases
 * run in rounds (bare transactions, 1, 10, 100 accounts, then again), so that a burst of load on the shared machine
 * falls on all of them.
 *
 * Printed too: the CPU time per order of this process (the server side: engine, drizzle, pg) and, on a local
 * PostgreSQL whose processes this user may read (/proc), of the database's backends. They explain the ratio: one
 * account's orders run one at a time, each holding the account's lock from its grant through the account read's trip
 * back, the checks, the write and the commit's WAL flush (latency-bound: the CPU mostly waits); 100 accounts' orders
 * run side by side on the pool's connections and share WAL flushes, until the two cores are busy (CPU-bound: orders/s
 * ≈ 2 cores / CPU per order). Hence the ceiling printed: 100 : 1 ≤ cores × one account's time per order ÷ CPU per
 * order, which only the time an order waits idle inside its account's turn (round trips, the WAL flush) lifts above
 * the number of cores; a cheaper order shortens that turn as much as its CPU.
 *
 * Printed last: another account's order latency, alone and while one account has 100 orders in flight: accounts that
 * do not wait on each other keep it near its idle value (per-account turns in server/services/trading/accountLocks.ts: before them, the
 * burst held every pooled connection and the other order waited behind it).
 *
 * Run alone: `npx tsx bench/engineAccounts.ts` (or `npm run bench -- accounts`).
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../server/config';
import { createDatabase, type DatabaseHandle } from '../server/db/client';
import { createEventBus } from '../server/events';
import { createMarketService, SimulatedMarket } from '../server/services/market';
import { createTradingEngine } from '../server/services/trading';
import { createScratchDatabase } from '../tests/integration/scratchDatabase';
import { createBenchUser } from './engine';

const START = Date.parse('2026-11-18T16:00:00Z');
const WORKERS = 100;
/** Orders per worker per case and round (a buy then a sell, repeated). */
const ORDERS_PER_WORKER = 4;
const ROUNDS = 3;
const ACCOUNT_COUNTS = [1, 10, 100] as const;
const GOAL_ON_POSTGRES = 4;
/** This machine's cores: 100 accounts run at most this many orders' CPU at once. */
const CORES = availableParallelism();

export interface AccountsBenchRow {
  database: 'pglite' | 'postgres';
  /** Orders per second with 100 in flight, by number of accounts. */
  ordersPerSecond: Record<(typeof ACCOUNT_COUNTS)[number], number>;
  /** CPU milliseconds per order, by number of accounts: this process, and the database's backends (null: unknown). */
  cpuPerOrder: Record<(typeof ACCOUNT_COUNTS)[number], { server: number; database: number | null }>;
  /**
   * Another account's market order, placed one after another (milliseconds, p50 and p95): alone, and while one account
   * has 100 orders in flight. Near each other when accounts do not wait on each other.
   */
  otherAccount: { idle: Percentiles; duringBurst: Percentiles };
  /** Bare one-row transactions per second: one at a time, and 100 at once. */
  bareSerial: number;
  bareConcurrent: number;
}

interface Percentiles {
  p50: number;
  p95: number;
}

function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU milliseconds used so far by the backends of this database (this connection's included), read from /proc when
 * the database runs on this machine; null when they cannot be read.
 */
async function databaseCpuMs(handle: DatabaseHandle, local: boolean): Promise<number | null> {
  if (handle.driver !== 'postgres' || !local) return null;
  const result = await handle.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  let ticks = 0;
  for (const { pid } of (result as unknown as { rows: { pid: number }[] }).rows) {
    try {
      // Fields after "pid (comm) ": state is the 1st, utime the 12th and stime the 13th.
      const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      ticks += Number(stat[11]) + Number(stat[12]);
    } catch {
      return null;
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

async function elapsedMs(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function benchDatabase(
  database: AccountsBenchRow['database'],
  handle: DatabaseHandle,
  local = false,
): Promise<AccountsBenchRow> {
  const { db } = handle;
  const market = new SimulatedMarket({ seed: 'accounts-bench', now: START, alwaysOpen: true });
  const now = () => new Date(START);
  const engine = createTradingEngine({
    db,
    pool: handle.pool,
    events: createEventBus(),
    market,
    instruments: createMarketService(market, now).instruments,
    now,
    paper: { startingCashCents: 10_000_000_00, commissionCents: 0, fractional: false },
    log: console,
  });
  try {
    await db.execute(sql`create table bench_account_rows (id serial primary key, value bigint not null)`);
    const bareTransaction = (value: number) =>
      db.transaction((tx) => tx.execute(sql`insert into bench_account_rows (value) values (${value})`));
    const total = WORKERS * ORDERS_PER_WORKER;
    for (let i = 0; i < 100; i++) await bareTransaction(i); // warm-up
    const bare = { serialMs: 0, concurrentMs: 0 };
    const bareRound = async () => {
      bare.serialMs += await elapsedMs(async () => {
        for (let i = 0; i < total; i++) await bareTransaction(i);
      });
      bare.concurrentMs += await elapsedMs(() =>
        Promise.all(
          Array.from({ length: WORKERS }, async (_, w) => {
            for (let i = 0; i < ORDERS_PER_WORKER; i++) await bareTransaction(w * ORDERS_PER_WORKER + i);
          }),
        ),
      );
    };

    const accounts = new Map<number, string[]>();
    for (const count of ACCOUNT_COUNTS) {
      const users = await Promise.all(Array.from({ length: count }, () => createBenchUser(db, 'aggressive')));
      // The accounts' first order creates their account rows: not timed.
      await Promise.all(users.map((userId) => engine.placeOrder(userId, order('T', 'BUY'))));
      await Promise.all(users.map((userId) => engine.placeOrder(userId, order('T', 'SELL'))));
      accounts.set(count, users);
    }
    const totals = new Map(ACCOUNT_COUNTS.map((count) => [count, { ms: 0, serverUs: 0, databaseMs: 0 }]));
    let databaseKnown = true;
    for (let round = 0; round < ROUNDS; round++) {
      await bareRound();
      for (const count of ACCOUNT_COUNTS) {
        const users = accounts.get(count)!;
        const sums = totals.get(count)!;
        const databaseBefore = await databaseCpuMs(handle, local);
        const cpuBefore = process.cpuUsage();
        sums.ms += await elapsedMs(() =>
          Promise.all(
            Array.from({ length: WORKERS }, async (_, w) => {
              const userId = users[w % count]!;
              const symbol = w % 2 === 0 ? 'T' : 'INTC';
              for (let i = 0; i < ORDERS_PER_WORKER; i++) {
                await engine.placeOrder(userId, order(symbol, i % 2 === 0 ? 'BUY' : 'SELL'));
              }
            }),
          ),
        );
        const cpu = process.cpuUsage(cpuBefore);
        sums.serverUs += cpu.user + cpu.system;
        const databaseAfter = await databaseCpuMs(handle, local);
        if (databaseBefore === null || databaseAfter === null) databaseKnown = false;
        else sums.databaseMs += databaseAfter - databaseBefore;
      }
    }
    const otherAccount = await otherAccountLatency(
      engine,
      accounts.get(1)![0]!,
      await createBenchUser(db, 'aggressive'),
    );
    const orders = total * ROUNDS;
    const ordersPerSecond = {} as AccountsBenchRow['ordersPerSecond'];
    const cpuPerOrder = {} as AccountsBenchRow['cpuPerOrder'];
    for (const [count, sums] of totals) {
      ordersPerSecond[count] = (orders * 1000) / sums.ms;
      cpuPerOrder[count] = {
        server: sums.serverUs / 1000 / orders,
        database: databaseKnown ? sums.databaseMs / orders : null,
      };
    }
    return {
      database,
      ordersPerSecond,
      cpuPerOrder,
      otherAccount,
      bareSerial: (orders * 1000) / bare.serialMs,
      bareConcurrent: (orders * 1000) / bare.concurrentMs,
    };
  } finally {
    await engine.close();
  }
}

/**
 * Latency of `other`'s orders, placed one after another: alone, then while `busy` has 100 orders in flight (the
 * workers above, all on one account) until that burst ends.
 */
async function otherAccountLatency(
  engine: ReturnType<typeof createTradingEngine>,
  busy: string,
  other: string,
): Promise<AccountsBenchRow['otherAccount']> {
  const timedOrders = async (count: number, until?: () => boolean) => {
    const samples: number[] = [];
    for (let i = 0; (until ? !until() : i < count) || samples.length < 10; i++) {
      samples.push(await elapsedMs(() => engine.placeOrder(other, order('T', i % 2 === 0 ? 'BUY' : 'SELL'))));
    }
    return samples;
  };
  const idle = await timedOrders(100);
  let burstEnded = false;
  const burst = Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      for (let i = 0; i < ORDERS_PER_WORKER * 2; i++) {
        await engine.placeOrder(busy, order(w % 2 === 0 ? 'T' : 'INTC', i % 2 === 0 ? 'BUY' : 'SELL'));
      }
    }),
  ).finally(() => (burstEnded = true));
  const duringBurst = await timedOrders(0, () => burstEnded);
  await burst;
  return { idle: percentiles(idle), duringBurst: percentiles(duringBurst) };
}

function order(symbol: string, side: 'BUY' | 'SELL') {
  return { symbol, side, type: 'MARKET', quantity: 1 } as const;
}

function isLocal(url: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]', ''].includes(new URL(url).hostname);
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
        rows.push(await benchDatabase('postgres', postgres, isLocal(scratch.url)));
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
  const cpu = (r: AccountsBenchRow, count: (typeof ACCOUNT_COUNTS)[number]) => {
    const { server, database } = r.cpuPerOrder[count];
    return `${count} account${count === 1 ? '' : 's'} ${server.toFixed(2)} + ${database === null ? '–' : database.toFixed(2)}`;
  };
  return [
    `orders/s (market orders placed and filled, 100 in flight, ${ROUNDS} rounds) and bare one-row transactions/s`,
    line(header),
    ...body.map(line),
    'CPU ms per order, this process + the database backends (– unknown, PGlite runs in this process):',
    ...rows.map((r) => `${r.database.padEnd(widths[0]!)}  ${ACCOUNT_COUNTS.map((count) => cpu(r, count)).join('   ')}`),
    ...rows.flatMap((r) => {
      const { server, database } = r.cpuPerOrder[100];
      if (database === null) return [];
      const turnMs = 1000 / r.ordersPerSecond[1];
      const ceiling = (CORES * turnMs) / (server + database);
      return [
        `${r.database.padEnd(widths[0]!)}  100 : 1 ceiling here: ${CORES} cores × one account's ms per order ${turnMs.toFixed(2)} ÷ CPU ms per order at 100 accounts ${(server + database).toFixed(2)} = ${ceiling.toFixed(2)}×`,
      ];
    }),
    "Another account's order, ms p50 / p95: alone, and while one account has 100 orders in flight (ratio of p50s):",
    ...rows.map((r) => {
      const { idle, duringBurst } = r.otherAccount;
      return `${r.database.padEnd(widths[0]!)}  alone ${idle.p50.toFixed(2)} / ${idle.p95.toFixed(2)}   during the burst ${duringBurst.p50.toFixed(2)} / ${duringBurst.p95.toFixed(2)}   (${(duringBurst.p50 / idle.p50).toFixed(1)}×)`;
    }),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatEngineAccounts(await benchEngineAccounts()));
}
