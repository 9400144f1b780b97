/**
 * API throughput: autocannon against the real server and a bare Fastify + Yoga server in the same run.
 *
 * Each server runs in its own process (bench/apiServer.ts) and is loaded over loopback at CONNECTIONS
 * connections for DURATION seconds after a short warm-up:
 *
 * - `me { id email }` on the bare server (measured first and last: its spread shows the machine's noise),
 *   the real app on in-memory PGlite with AUTH_MODE=otp (a real session token: the session lookup runs on
 *   every request) and AUTH_MODE=single, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 *   set (an admin URL: a scratch database is created and dropped);
 * - `dashboardOverview` (the client's own document, src/features/dashboard) on the real app, otp;
 * - a burst of BURST `me` requests sent at once (one per connection) on the bare server and PGlite otp.
 *
 * Prints req/s, p50/p95/p99 (ms) and the ratio of req/s against the bare server's mean in the same run.
 *
 * Run alone: `npx tsx bench/api.ts [seconds]` (or BENCH_API_SECONDS); BENCH_API_CPU_PROF=<dir> writes a
 * `--cpu-prof` profile of every server process there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { dashboardDocument, ME_DOCUMENT } from './apiDocuments';
import type { ServerKind, ServerReady } from './apiServer';

export interface ApiBenchRow {
  server: ServerKind;
  query: 'me' | 'dashboardOverview';
  connections: number;
  requests: number;
  /** Successful requests per second. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts. */
  failures: number;
}

export interface ApiBenchOptions {
  /** Seconds of each measurement (after a warm-up of a third of it, at least 1 s). */
  seconds?: number;
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
    url: `http://127.0.0.1:${ready.port}/graphql`,
    async stop() {
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Load {
  url: string;
  token: string;
  query: string;
  connections: number;
  seconds?: number;
  /** Total requests instead of a duration. */
  amount?: number;
}

async function load({ url, token, query, connections, seconds, amount }: Load) {
  const latencies: number[] = [];
  let done: (error: unknown, result: autocannon.Result) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    done = (error, result) => (error ? reject(error as Error) : resolve(result));
  });
  const options: autocannon.Options = {
    url,
    method: 'POST',
    connections,
    ...(amount ? { amount } : { duration: seconds ?? 1 }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
    timeout: 30,
  };
  const instance = autocannon(options, (error, result) => done(error, result));
  let failures = 0;
  // autocannon emits (client, statusCode, bytes, ms); its typings leave out the client.
  instance.on('response', ((_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    else failures++;
  }) as never);
  const result = await finished;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: failures + result.errors + result.timeouts,
  };
}

/** One request answered with data and no errors, or the bench stops: a fast error is no result. */
async function checkAnswers(url: string, token: string, query: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (!response.ok || body.errors || !body.data) throw new Error(`${url} answered ${JSON.stringify(body)}`);
}

async function measure(
  server: ServerKind,
  target: { url: string; token: string },
  query: ApiBenchRow['query'],
  connections: number,
  options: { seconds: number } | { amount: number },
): Promise<ApiBenchRow> {
  const document = query === 'me' ? ME_DOCUMENT : dashboardDocument();
  await checkAnswers(target.url, target.token, document);
  const base = { ...target, query: document, connections };
  if ('seconds' in options) await load({ ...base, seconds: Math.max(1, Math.round(options.seconds / 3)) });
  const run = await load({ ...base, ...options });
  const rps = 'amount' in options ? Number.NaN : run.requests / run.seconds;
  return { server, query, connections, rps, ...run };
}

async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function withServer<T>(
  kind: ServerKind,
  env: Record<string, string>,
  body: (target: { url: string; token: string }) => Promise<T>,
): Promise<T> {
  const server = await startServer(kind, env);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}

export async function benchApi(options: ApiBenchOptions = {}): Promise<ApiBenchRow[]> {
  const seconds = options.seconds ?? 5;
  const connections = options.connections ?? 50;
  const burst = options.burst ?? 500;
  const timed = { seconds };
  const rows: ApiBenchRow[] = [];
  const bare = async () =>
    withServer('bare', {}, async (target) => {
      rows.push(await measure('bare', target, 'me', connections, timed));
      if (burst > 0) rows.push(await measure('bare', target, 'me', burst, { amount: burst }));
    });

  await bare();
  await withServer('pglite-otp', {}, async (target) => {
    rows.push(await measure('pglite-otp', target, 'me', connections, timed));
    rows.push(await measure('pglite-otp', target, 'dashboardOverview', connections, timed));
    if (burst > 0) rows.push(await measure('pglite-otp', target, 'me', burst, { amount: burst }));
  });
  await withServer('pglite-single', {}, async (target) => {
    rows.push(await measure('pglite-single', target, 'me', connections, timed));
  });
  if (options.postgresUrl) {
    const scratch = await scratchDatabase(options.postgresUrl);
    try {
      await withServer('postgres-otp', { BENCH_SERVER_DATABASE_URL: scratch.url }, async (target) => {
        rows.push(await measure('postgres-otp', target, 'me', connections, timed));
        rows.push(await measure('postgres-otp', target, 'dashboardOverview', connections, timed));
      });
    } finally {
      await scratch.drop();
    }
  }
  await bare();
  return rows;
}

export function formatApiBench(rows: readonly ApiBenchRow[]): string {
  const bareRates = rows.filter((r) => r.server === 'bare' && r.query === 'me' && Number.isFinite(r.rps));
  const bareMean = bareRates.reduce((sum, r) => sum + r.rps, 0) / Math.max(1, bareRates.length);
  const spread = bareRates.map((r) => r.rps.toFixed(0)).join(' / ');
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-').padStart(8);
  const lines = [
    `server          query              conns  requests     req/s       p50      p95      p99  ×bare  failures`,
    ...rows.map((r) => {
      const ratio = r.query === 'me' && Number.isFinite(r.rps) && r.server !== 'bare' ? r.rps / bareMean : undefined;
      return [
        r.server.padEnd(16),
        r.query.padEnd(18),
        String(r.connections).padStart(5),
        String(r.requests).padStart(10),
        (Number.isFinite(r.rps) ? r.rps.toFixed(0) : 'burst').padStart(10),
        ms(r.p50),
        ms(r.p95),
        ms(r.p99),
        (ratio === undefined ? '' : `${ratio.toFixed(2)}×`).padStart(7),
        String(r.failures).padStart(10),
      ].join('');
    }),
    `(latencies in ms; ×bare = req/s over the bare server's mean ${bareMean.toFixed(0)} req/s, runs ${spread})`,
  ];
  return lines.join('\n');
}

export function apiBenchOptionsFromEnv(argv: readonly string[] = []): ApiBenchOptions {
  const seconds = Number(argv[0] ?? process.env.BENCH_API_SECONDS ?? 5);
  return {
    seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 5,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatApiBench(await benchApi(apiBenchOptionsFromEnv(process.argv.slice(2)))));
}
