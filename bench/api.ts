/**
 * API throughput: autocannon against the real server and a bare Fastify + Yoga server in the same run.
 *
 * Every server runs in its own process (bench/apiServer.ts), all started first and loaded one at a time over
 * loopback at CONNECTIONS connections:
 *
 * - `me { id email }` on the real app on in-memory PGlite with AUTH_MODE=otp (a real session token: the
 *   session lookup runs on every request) and AUTH_MODE=single, and on PostgreSQL when BENCH_DATABASE_URL or
 *   TEST_DATABASE_URL is set (an admin URL: a scratch database is created and dropped);
 * - `dashboardOverview` (the client's own document, src/features/dashboard) on the real app, otp;
 * - the bare server (`me` from memory) measured in a slice of the same length just before every slice of the
 *   real app, so each ratio compares two neighbouring slices: on a shared machine the load drifts within
 *   seconds, and a ratio of neighbours is far steadier than one against a run taken a minute apart;
 * - a burst of BURST `me` requests sent at once (one per connection) on the bare server and PGlite otp.
 *
 * Prints, per row, req/s (median of the rounds), p50/p95/p99 in ms over all its requests, the server
 * process's CPU time per request (/proc, Linux; PostgreSQL's own CPU is not counted) and, for `me`, two
 * ratios to the bare slice before it (median of the rounds, and their range): of req/s, and of CPU per
 * request (bare over real: the req/s ratio if each server had a core to itself, which stays readable while
 * other work on the machine takes the cores and makes req/s jump).
 *
 * Run alone: `npx tsx bench/api.ts [seconds per slice] [rounds]` (or BENCH_API_SECONDS, BENCH_API_ROUNDS;
 * defaults 2 s × 3 rounds); BENCH_API_CPU_PROF=<dir> writes a `--cpu-prof` profile of every server process.
 * BENCH_API_AGAINST=<another build's main.js> instead compares two builds of the whole server (this repository's
 * build/server/main.js and that one) on dashboardOverview and `me`, interleaved: bench/apiBuilds.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createScratchDatabase } from '../tests/integration/scratchDatabase';
import { dashboardDocument, ME_DOCUMENT } from './apiDocuments';
import { checkAnswers, load, percentile } from './apiLoad';
import type { ServerKind, ServerReady } from './apiServer';

export type ApiQuery = 'me' | 'dashboardOverview';

export interface ApiBenchRow {
  server: ServerKind;
  query: ApiQuery;
  connections: number;
  requests: number;
  /** Successful requests per second: the median of the rounds (NaN for a burst). */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts. */
  failures: number;
  /** Server CPU µs per request: the median of the rounds (the node process only, not PostgreSQL's). */
  cpuPerRequest: number;
  /** `me` only: req/s over the bare server's req/s in the slice just before, per round. */
  ratios?: number[];
  /** `me` only: the bare server's CPU per request over this one's, per round (req/s each would reach on a core of its own). */
  cpuRatios?: number[];
}

export interface ApiBenchOptions {
  /** Seconds of each measured slice. */
  seconds?: number;
  /** Rounds of (bare slice, real slice) per row. */
  rounds?: number;
  connections?: number;
  /** Requests sent at once in the burst rows (0: no burst). */
  burst?: number;
  /** PostgreSQL admin URL; undefined skips PostgreSQL. */
  postgresUrl?: string;
}

const serverEntry = fileURLToPath(new URL('./apiServer.ts', import.meta.url));

async function startServer(kind: ServerKind, env: Record<string, string> = {}) {
  const profileDir = process.env.BENCH_API_CPU_PROF;
  const child: ChildProcess = fork(serverEntry, [kind], {
    execArgv: ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ServerReady));
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code}) before listening`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...ready,
    pid: child.pid,
    url: `http://127.0.0.1:${ready.port}/graphql`,
    async stop() {
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

interface Target {
  pid?: number;
  url: string;
  token: string;
}

type Slice = Awaited<ReturnType<typeof load>> & { latencies: number[] };

const cpuPerRequest = (slice: Slice) => (slice.cpu * 1000) / Math.max(1, slice.requests);

function rowOf(
  server: ServerKind,
  query: ApiQuery,
  connections: number,
  slices: Slice[],
  ratios?: { rps: number[]; cpu: number[] },
) {
  const latencies = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  const rates = slices.map((slice) => slice.requests / slice.seconds).sort((a, b) => a - b);
  return {
    server,
    query,
    connections,
    requests: latencies.length,
    rps: percentile(rates, 50),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
    cpuPerRequest: percentile(
      slices.map(cpuPerRequest).sort((a, b) => a - b),
      50,
    ),
    ...(ratios && { ratios: ratios.rps, cpuRatios: ratios.cpu }),
  } satisfies ApiBenchRow;
}

export async function benchApi(options: ApiBenchOptions = {}): Promise<ApiBenchRow[]> {
  const seconds = options.seconds ?? 2;
  const rounds = options.rounds ?? 3;
  const connections = options.connections ?? 50;
  const burst = options.burst ?? 500;
  const scratch = options.postgresUrl ? await createScratchDatabase(options.postgresUrl, 'bench') : undefined;
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const start = async (kind: ServerKind, env: Record<string, string> = {}) => {
      const server = await startServer(kind, env);
      servers.push(server);
      return server;
    };
    const bare = await start('bare');
    const real: Partial<Record<ServerKind, Target>> = {
      'pglite-otp': await start('pglite-otp'),
      'pglite-single': await start('pglite-single'),
      ...(scratch && { 'postgres-otp': await start('postgres-otp', { BENCH_SERVER_DATABASE_URL: scratch.url }) }),
    };
    const cases: [ServerKind, ApiQuery][] = [
      ['pglite-otp', 'me'],
      ['pglite-otp', 'dashboardOverview'],
      ['pglite-single', 'me'],
      ['postgres-otp', 'me'],
      ['postgres-otp', 'dashboardOverview'],
    ];
    const document = (query: ApiQuery) => (query === 'me' ? ME_DOCUMENT : dashboardDocument());
    const slice = async (target: Target, query: ApiQuery, sliceSeconds: number) =>
      load({ ...target, query: document(query), connections, seconds: sliceSeconds });

    // Answers checked, then a warm-up (JIT, caches) of every server and query.
    await checkAnswers(bare.url, bare.token, ME_DOCUMENT);
    await slice(bare, 'me', 1);
    for (const [kind, query] of cases) {
      const target = real[kind];
      if (!target) continue;
      await checkAnswers(target.url, target.token, document(query));
      await slice(target, query, 1);
    }

    const bareSlices: Slice[] = [];
    const rows: ApiBenchRow[] = [];
    for (const [kind, query] of cases) {
      const target = real[kind];
      if (!target) continue;
      const slices: Slice[] = [];
      const ratios = { rps: [] as number[], cpu: [] as number[] };
      for (let round = 0; round < rounds; round++) {
        const before = await slice(bare, 'me', seconds);
        const measured = await slice(target, query, seconds);
        bareSlices.push(before);
        slices.push(measured);
        ratios.rps.push(measured.requests / measured.seconds / (before.requests / before.seconds));
        ratios.cpu.push(cpuPerRequest(before) / cpuPerRequest(measured));
      }
      rows.push(rowOf(kind, query, connections, slices, query === 'me' ? ratios : undefined));
    }
    rows.unshift(rowOf('bare', 'me', connections, bareSlices));
    if (burst > 0) {
      for (const [kind, target] of [['bare', bare] as const, ['pglite-otp', real['pglite-otp']!] as const]) {
        const run = await load({ ...target, query: ME_DOCUMENT, connections: burst, amount: burst });
        rows.push({ ...rowOf(kind, 'me', burst, [run]), rps: Number.NaN });
      }
    }
    return rows;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch?.drop();
  }
}

export function formatApiBench(rows: readonly ApiBenchRow[]): string {
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-').padStart(9);
  const ratio = (ratios: readonly number[] | undefined) => {
    if (!ratios || ratios.length === 0) return '';
    const sorted = [...ratios].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(2)}× (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})`;
  };
  return [
    'server          query              conns  requests     req/s      p50      p95      p99  fail  CPU µs/req  ×bare req/s (range)  ×bare CPU/req (range)',
    ...rows.map((r) =>
      [
        r.server.padEnd(16),
        r.query.padEnd(18),
        String(r.connections).padStart(5),
        String(r.requests).padStart(10),
        (Number.isFinite(r.rps) ? r.rps.toFixed(0) : 'burst').padStart(10),
        ms(r.p50),
        ms(r.p95),
        ms(r.p99),
        String(r.failures).padStart(6),
        (Number.isFinite(r.cpuPerRequest) ? r.cpuPerRequest.toFixed(0) : '-').padStart(12),
        `  ${ratio(r.ratios).padEnd(21)}`,
        ratio(r.cpuRatios),
      ].join(''),
    ),
    '(ms; req/s = median of the rounds; ×bare req/s = over the bare server in the slice just before, median and range;',
    ' ×bare CPU/req = bare server CPU per request over this one: the req/s ratio with a core each, steadier on a busy machine)',
  ].join('\n');
}

export function apiBenchOptionsFromEnv(argv: readonly string[] = []): ApiBenchOptions {
  const positive = (value: string | undefined, fallback: number) => {
    const number = Number(value);
    return Number.isFinite(number) && number > 0 ? number : fallback;
  };
  return {
    seconds: positive(argv[0] ?? process.env.BENCH_API_SECONDS, 2),
    rounds: Math.round(positive(argv[1] ?? process.env.BENCH_API_ROUNDS, 3)),
    postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = apiBenchOptionsFromEnv(process.argv.slice(2));
  const against = process.env.BENCH_API_AGAINST;
  if (against) {
    const { benchApiBuilds, formatApiBuilds } = await import('./apiBuilds');
    console.log(formatApiBuilds(await benchApiBuilds(against, options)));
  } else console.log(formatApiBench(await benchApi(options)));
}
