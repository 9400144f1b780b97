/**
 * Quote-to-subscriber latency: how long after the market produces a quote a graphql-ws subscriber of
 * marketDataUpdates receives it, for 500 and 5,000 subscriptions against the real server (buildApp on an
 * in-memory PGlite, listening on 127.0.0.1:<free port>), compared with the baseline of the same number of
 * listeners subscribed directly to the provider in-process, measured in the same run.
 *
 * - The server runs in this process and ticks a SimulatedMarket by hand (every symbol gets a new quote; each
 *   subscription asks for one symbol with the app's selection of every MarketData field, 10 subscriptions per
 *   connection); t0 is read just before the tick.
 * - The clients run in CLIENT_PROCESSES child processes (bench/quoteClients.ts), so that their message handling
 *   does not run on the server's event loop; each records the arrival of every quote on the machine-wide
 *   monotonic clock (process.hrtime), the same clock t0 is read from. Latency = arrival − t0.
 * - Server CPU: process.cpuUsage() of this process (the server, the market tick and the bench's own IPC, which
 *   is one message per client process per tick) over the measured ticks, as ms per tick and as a share of one
 *   core over the wall time of those ticks. The clients' CPU share is printed too: on a 2-core machine server
 *   and clients compete for the cores, so the figures include that contention.
 * - A round ends when every subscription has its quote; the next tick follows at once. Both sides are warmed up
 *   with 10 ticks (WARM_UP_TICKS) before 100 measured ones (MEASURED_TICKS): the figures are a running server's.
 *
 * Run alone: `npx tsx bench/quoteLatency.ts` (or `npm run bench -- quotes`).
 *
 * A/B: QUOTES_AGAINST=<the root of another copy of the repository's sources> (e.g. `git archive <commit> server
 * schema src/domain package.json tsconfig.base.json | tar -x -C <dir>`, with node_modules linked to this one's;
 * schema/ too, as server/graphql/schema.ts reads ../../schema/*.graphql) measures its
 * server (its buildApp, config and SimulatedMarket) in the same run: QUOTES_ROUNDS runs of each (default 3), the order
 * alternating, each run a fresh server and clients; prints each run's p95 and, per side, the median and range of the
 * runs' p95, with the load average before and after. QUOTES_SUBSCRIPTIONS (comma-separated) and QUOTES_TICKS set the
 * rows and ticks per run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as appModule from '../server/app';
import * as configModule from '../server/config';
import * as marketModule from '../server/services/market';
import { SINGLE_USER_TOKEN } from '../src/domain/constants';
import { UNIVERSE } from '../src/domain/market/universe';
import type { ChildMessage, ParentMessage } from './quoteClients';

export interface LatencyStats {
  p50: number;
  p95: number;
  samples: number;
}

export interface QuoteLatencyResult {
  subscriptions: number;
  rounds: number;
  /** Milliseconds, direct provider listeners. */
  baseline: LatencyStats;
  /** Milliseconds, graphql-ws subscribers on loopback. */
  graphqlWs: LatencyStats;
  /** Server process CPU (user + system) per tick, ms. */
  serverCpuMsPerTick: number;
  /** Server process CPU over the measured ticks' wall time (100 % = one core busy). */
  serverCpuShare: number;
  /** The busiest client process's CPU over the same wall time. */
  clientCpuShare: number;
}

export interface QuoteLatencyOptions {
  /** Subscription counts to measure, one row each. */
  subscriptions?: readonly number[];
  /** Subscriptions per WebSocket connection. */
  perConnection?: number;
  rounds?: number;
  clientProcesses?: number;
}

/** The app's subscription (src/features/market/marketData.graphql): every MarketData field. */
const QUERY = `subscription MarketDataUpdates($s: [String!]!) { marketDataUpdates(symbols: $s) {
  symbol name sector price volume timestamp bid ask change changePercent high low open previousClose marketCap avgVolume } }`;
const START = Date.parse('2026-11-18T16:00:00Z');
const ROUND_TIMEOUT_MS = 20_000;
const LIVE_TIMEOUT_MS = 300_000;
/**
 * Ticks run before measuring, on both sides (JIT warm-up): a server in production has been ticking every second
 * for hours; the first ticks after a start, while V8 still compiles and optimises the tick's code on the same two
 * cores as the clients, say nothing of that steady state.
 */
const WARM_UP_TICKS = 10;
/** Measured ticks per row (QUOTES_TICKS for the A/B): enough for a p95 that one slow tick does not set alone. */
const MEASURED_TICKS = 100;
/** Tick interval while subscriptions start (the real simulator's is 1 s; 5,000 subscriptions need time to start). */
const WARM_UP_TICK_MS = 1000;
const CLIENT_SCRIPT = new URL('./quoteClients.ts', import.meta.url).pathname;

const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function stats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), samples: sorted.length };
}

const symbolOf = (i: number) => UNIVERSE[i % UNIVERSE.length]!.symbol;

/** The server a run measures: this repository's, or another copy's (QUOTES_AGAINST). */
export interface ServerModules {
  buildApp: typeof appModule.buildApp;
  loadConfig: typeof configModule.loadConfig;
  IN_MEMORY_DATA_DIR: string;
  SimulatedMarket: typeof marketModule.SimulatedMarket;
}

const THIS_SERVER: ServerModules = {
  buildApp: appModule.buildApp,
  loadConfig: configModule.loadConfig,
  IN_MEMORY_DATA_DIR: configModule.IN_MEMORY_DATA_DIR,
  SimulatedMarket: marketModule.SimulatedMarket,
};

/** The server of the sources under `root` (another copy of this repository). */
export async function serverModulesOf(root: string): Promise<ServerModules> {
  const from = (path: string) => pathToFileURL(join(resolve(root), path)).href;
  const [app, config, market] = (await Promise.all([
    import(from('server/app.ts')),
    import(from('server/config/index.ts')),
    import(from('server/services/market/index.ts')),
  ])) as [typeof appModule, typeof configModule, typeof marketModule];
  return {
    buildApp: app.buildApp,
    loadConfig: config.loadConfig,
    IN_MEMORY_DATA_DIR: config.IN_MEMORY_DATA_DIR,
    SimulatedMarket: market.SimulatedMarket,
  };
}

/** Direct listeners on the provider: the latency floor of delivering a quote in-process. */
function baselineLatency(subscriptions: number, rounds: number): LatencyStats {
  const market = new THIS_SERVER.SimulatedMarket({ seed: 'bench', now: START, alwaysOpen: true });
  let t0 = 0;
  let measuring = false;
  const samples: number[] = [];
  const stops = Array.from({ length: subscriptions }, (_, i) =>
    market.subscribe([symbolOf(i)], () => {
      if (measuring) samples.push(performance.now() - t0);
    }),
  );
  let clock = START;
  for (let round = 0; round < WARM_UP_TICKS + rounds; round++) {
    measuring = round >= WARM_UP_TICKS;
    t0 = performance.now();
    market.tick((clock += 1000));
  }
  for (const stop of stops) stop();
  return stats(samples);
}

/** The client processes, and a way to wait until all of them have said something. */
function startClients(url: string, subscriptions: number, perConnection: number, processes: number) {
  const perProcess = Math.ceil(subscriptions / processes / perConnection) * perConnection;
  const children: ChildProcess[] = [];
  const waiters = new Map<string, { remaining: number; resolve: () => void }>();
  const reports: Extract<ChildMessage, { type: 'report' }>[] = [];
  let failure: Error | undefined;
  const arrive = (key: string) => {
    const waiter = waiters.get(key);
    if (waiter && --waiter.remaining === 0) {
      waiters.delete(key);
      waiter.resolve();
    }
  };
  for (let first = 0; first < subscriptions; first += perProcess) {
    const count = Math.min(perProcess, subscriptions - first);
    const child = fork(CLIENT_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    children.push(child);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'error') failure ??= new Error(`client: ${message.message}`);
      else if (message.type === 'live') arrive('live');
      else if (message.type === 'tick') arrive(`tick ${message.timestamp}`);
      else {
        reports.push(message);
        arrive('report');
      }
    });
    const symbols = Array.from({ length: count }, (_, i) => symbolOf(first + i));
    const start: ParentMessage = { type: 'start', url, token: SINGLE_USER_TOKEN, query: QUERY, symbols, perConnection };
    child.send(start);
  }
  /** Resolves when every child has sent `key`; register before the event that triggers it. */
  const expect = (key: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(failure ?? new Error(`${key}: timed out`)), timeoutMs);
      waiters.set(key, {
        remaining: children.length,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  const broadcast = (message: ParentMessage) => children.forEach((child) => child.send(message));
  const stop = () => children.forEach((child) => child.connected && child.kill());
  return { expect, broadcast, reports, stop, failure: () => failure };
}

async function graphqlWsLatency(
  subscriptions: number,
  perConnection: number,
  rounds: number,
  processes: number,
  { buildApp, loadConfig, IN_MEMORY_DATA_DIR, SimulatedMarket }: ServerModules = THIS_SERVER,
): Promise<Omit<QuoteLatencyResult, 'baseline'>> {
  const market = new SimulatedMarket({ seed: 'bench', now: START, alwaysOpen: true });
  let clock = START;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    STATIC_DIR: '/nonexistent-static-dir',
    // Every connection here is the single user's: a lab setting, far above the per-user cap of production.
    WS_MAX_SOCKETS_PER_USER: '100000',
  });
  const app = await buildApp({ config, market, now: () => new Date(clock) });
  let clients: ReturnType<typeof startClients> | undefined;
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    clients = startClients(`${address.replace(/^http/, 'ws')}/graphql`, subscriptions, perConnection, processes);
    const { expect, broadcast, reports } = clients;
    const tickStarts = new Map<number, number>();
    const tick = () => {
      clock += 1000;
      tickStarts.set(clock, monotonicMs());
      market.tick(clock);
    };
    const round = async () => {
      const done = expect(`tick ${clock + 1000}`, ROUND_TIMEOUT_MS);
      tick();
      await done;
    };

    // Warm-up: tick until every subscription has had a quote (they start asynchronously), then full rounds, as many
    // as the baseline's warm-up.
    const live = expect('live', LIVE_TIMEOUT_MS);
    let isLive = false;
    void live.then(() => (isLive = true)).catch(() => undefined);
    while (!isLive) {
      if (clients.failure()) throw clients.failure();
      tick();
      await Promise.race([live, new Promise((resolve) => setTimeout(resolve, WARM_UP_TICK_MS))]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < WARM_UP_TICKS; i++) await round();

    const firstMeasured = clock + 1000;
    broadcast({ type: 'mark' });
    const cpuStart = process.cpuUsage();
    const wallStart = monotonicMs();
    for (let i = 0; i < rounds; i++) await round();
    const cpu = process.cpuUsage(cpuStart);
    const wallMs = monotonicMs() - wallStart;

    const reported = expect('report', ROUND_TIMEOUT_MS);
    broadcast({ type: 'report' });
    await reported;
    const samples: number[] = [];
    for (const report of reports) {
      for (const [timestamp, arrivals] of Object.entries(report.arrivals)) {
        const start = tickStarts.get(Number(timestamp));
        if (start === undefined || Number(timestamp) < firstMeasured) continue;
        for (const arrival of arrivals) samples.push(arrival - start);
      }
    }
    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    return {
      subscriptions,
      rounds,
      graphqlWs: stats(samples),
      serverCpuMsPerTick: serverCpuMs / rounds,
      serverCpuShare: serverCpuMs / wallMs,
      clientCpuShare: Math.max(...reports.map((report) => report.cpuMs)) / wallMs,
    };
  } finally {
    clients?.stop();
    await app.close();
  }
}

export async function benchQuoteLatency(options: QuoteLatencyOptions = {}): Promise<QuoteLatencyResult[]> {
  const results: QuoteLatencyResult[] = [];
  for (const subscriptions of options.subscriptions ?? [500, 5000]) {
    const rounds = options.rounds ?? MEASURED_TICKS;
    const baseline = baselineLatency(subscriptions, rounds);
    const measured = await graphqlWsLatency(
      subscriptions,
      options.perConnection ?? 10,
      rounds,
      options.clientProcesses ?? 2,
    );
    results.push({ ...measured, baseline });
  }
  return results;
}

export function formatQuoteLatency(results: readonly QuoteLatencyResult[]): string {
  const ms = (x: number) => `${x.toFixed(3)} ms`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(0)}×` : 'n/a');
  const percent = (x: number) => `${(x * 100).toFixed(0)} %`;
  const lines = [
    `${results[0]?.rounds ?? 0} ticks per row; clients in child processes (10 subscriptions per connection)`,
    'subscribers  direct p50 / p95          graphql-ws p50 / p95      ratio p50 / p95   server CPU/tick (share)  client CPU',
  ];
  for (const { subscriptions, baseline, graphqlWs, ...cpu } of results) {
    lines.push(
      [
        String(subscriptions).padEnd(13),
        `${ms(baseline.p50)} / ${ms(baseline.p95)}`.padEnd(26),
        `${ms(graphqlWs.p50)} / ${ms(graphqlWs.p95)}`.padEnd(26),
        `${ratio(graphqlWs.p50, baseline.p50)} / ${ratio(graphqlWs.p95, baseline.p95)}`.padEnd(18),
        `${ms(cpu.serverCpuMsPerTick)} (${percent(cpu.serverCpuShare)})`.padEnd(25),
        percent(cpu.clientCpuShare),
      ].join(''),
    );
  }
  return lines.join('\n');
}

export interface QuotesAbResult {
  subscriptions: number;
  ticks: number;
  /** p95 (ms) of each run, in the order run. */
  runs: { side: 'this' | 'against'; p50: number; p95: number; serverCpuMsPerTick: number }[];
  loadBefore: number[];
  loadAfter: number[];
}

/** `rounds` runs of this server and of `against`'s, alternating, per subscription count. */
export async function benchQuotesAgainst(
  against: ServerModules,
  subscriptions: readonly number[],
  rounds: number,
  ticks: number,
): Promise<QuotesAbResult[]> {
  const results: QuotesAbResult[] = [];
  for (const count of subscriptions) {
    const loadBefore = loadavg();
    const runs: QuotesAbResult['runs'] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['this', 'against'] as const) : (['against', 'this'] as const);
      for (const side of order) {
        const run = await graphqlWsLatency(count, 10, ticks, 2, side === 'this' ? THIS_SERVER : against);
        runs.push({ side, ...run.graphqlWs, serverCpuMsPerTick: run.serverCpuMsPerTick });
      }
    }
    results.push({ subscriptions: count, ticks, runs, loadBefore, loadAfter: loadavg() });
  }
  return results;
}

export function formatQuotesAgainst(results: readonly QuotesAbResult[], against: string): string {
  const lines = [`A/B: this server against ${against}; runs alternating, a fresh server and clients each`];
  const load = (values: number[]) => values.map((x) => x.toFixed(2)).join(' ');
  for (const { subscriptions, ticks, runs, loadBefore, loadAfter } of results) {
    lines.push(
      `${subscriptions} subscribers, ${ticks} ticks a run; load average before ${load(loadBefore)}, after ${load(loadAfter)}`,
    );
    for (const side of ['this', 'against'] as const) {
      const mine = runs.filter((run) => run.side === side);
      const p95s = mine.map((run) => run.p95).sort((a, b) => a - b);
      const cpu = mine.map((run) => run.serverCpuMsPerTick).sort((a, b) => a - b);
      lines.push(
        `  ${side.padEnd(8)} p95 median ${percentile(p95s, 50).toFixed(2)} ms (${p95s[0]!.toFixed(2)}–${p95s.at(-1)!.toFixed(2)}), ` +
          `runs ${mine.map((run) => run.p95.toFixed(2)).join(' ')}; p50 ${mine.map((run) => run.p50.toFixed(2)).join(' ')}; ` +
          `server CPU/tick median ${percentile(cpu, 50).toFixed(2)} ms`,
      );
    }
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const against = process.env.QUOTES_AGAINST;
  if (against) {
    const subscriptions = (process.env.QUOTES_SUBSCRIPTIONS ?? '500').split(',').map(Number);
    const rounds = Number(process.env.QUOTES_ROUNDS ?? 3);
    const ticks = Number(process.env.QUOTES_TICKS ?? MEASURED_TICKS);
    const results = await benchQuotesAgainst(await serverModulesOf(against), subscriptions, rounds, ticks);
    console.log(formatQuotesAgainst(results, against));
  } else console.log(formatQuoteLatency(await benchQuoteLatency()));
}
