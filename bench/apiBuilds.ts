/**
 * A/B of two builds of the server (bench/api.ts with BENCH_API_AGAINST=<main.js>): this repository's
 * build/server/main.js (built first when stale) and another build's main.js, each run as `npm start` runs it
 * (`node main.js`, NODE_ENV=production, AUTH_MODE=otp, LOG_LEVEL info to a discarded stdout) on its own copy of
 * one PGlite data directory holding a user with a session (created through the sources' createDatabase, so both
 * builds read the same rows; a build whose migrations are older than the copy's refuses it and the bench stops).
 *
 * Per round and query, a slice of `seconds` on each build at `connections` connections, the order alternating
 * (A B, B A, ...) so that neither build always has the warmer machine; the load average (`uptime`) is read before
 * the first and after the last round. Prints per build and query the p50/p95/p99 over all its requests, the
 * median of the rounds' p95 with their range, req/s (median) and the server's CPU per request.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBuildIsStale, serverEntry } from '../scripts/build-server.js';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/client';
import { createUserWithSession } from '../tests/integration/helpers';
import type { ApiBenchOptions, ApiQuery } from './api';
import { dashboardDocument, ME_DOCUMENT } from './apiDocuments';
import { checkAnswers, load, percentile } from './apiLoad';
import { startServerProcess } from '../tests/fixtures/serverProcess';

const root = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 120_000;

export interface BuildRow {
  build: 'this' | 'against';
  query: ApiQuery;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** p95 of each round's slice. */
  roundP95: number[];
  failures: number;
  cpuPerRequest: number;
}

export interface BuildsResult {
  against: string;
  rows: BuildRow[];
  /** 1, 5 and 15 minute load averages before the first round and after the last. */
  loadBefore: number[];
  loadAfter: number[];
  rounds: number;
  seconds: number;
  connections: number;
}

/** A PGlite data directory, migrated by the sources, with one verified user and its session token. */
async function seededDataDir(): Promise<{ dir: string; token: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'api-builds-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, STATIC_DIR: '/nonexistent' });
  const database = await createDatabase(config, console);
  try {
    return { dir, token: (await createUserWithSession(database.db)).token };
  } finally {
    await database.close();
  }
}

async function startBuild(main: string, dataDir: string) {
  const server = await startServerProcess({
    args: [main],
    cwd: root,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      AUTH_MODE: 'otp',
      SMTP_URL: 'smtp://127.0.0.1:9',
      DATA_DIR: dataDir,
      STATIC_DIR: '/nonexistent-static-dir',
    },
    label: main,
    timeoutMs: START_TIMEOUT_MS,
  });
  return { pid: server.pid, url: `http://127.0.0.1:${server.port}/graphql`, stop: server.stop };
}

export async function benchApiBuilds(againstMain: string, options: ApiBenchOptions = {}): Promise<BuildsResult> {
  const seconds = options.seconds ?? 2;
  const rounds = options.rounds ?? 3;
  const connections = options.connections ?? 50;
  if (serverBuildIsStale()) await buildServer();
  const builds = { this: serverEntry, against: resolve(againstMain) } as const;
  const { dir, token } = await seededDataDir();
  const servers: Awaited<ReturnType<typeof startBuild>>[] = [];
  try {
    const targets = {} as Record<keyof typeof builds, Awaited<ReturnType<typeof startBuild>>>;
    for (const name of ['this', 'against'] as const) {
      const copy = `${dir}-${name}`;
      cpSync(dir, copy, { recursive: true });
      targets[name] = await startBuild(builds[name], copy);
      servers.push(targets[name]);
    }
    const queries: ApiQuery[] = ['dashboardOverview', 'me'];
    const document = (query: ApiQuery) => (query === 'me' ? ME_DOCUMENT : dashboardDocument());
    const slice = (name: keyof typeof builds, query: ApiQuery, sliceSeconds: number) =>
      load({ ...targets[name], token, query: document(query), connections, seconds: sliceSeconds });
    for (const name of ['this', 'against'] as const) {
      for (const query of queries) {
        await checkAnswers(targets[name].url, token, document(query));
        await slice(name, query, 2); // warm-up: JIT, and PGlite's WebAssembly tiering up
      }
    }
    const loadBefore = loadavg();
    const slices = new Map<string, Awaited<ReturnType<typeof slice>>[]>();
    for (let round = 0; round < rounds; round++) {
      for (const query of queries) {
        const order = round % 2 === 0 ? (['this', 'against'] as const) : (['against', 'this'] as const);
        for (const name of order) {
          const key = `${name} ${query}`;
          slices.set(key, [...(slices.get(key) ?? []), await slice(name, query, seconds)]);
        }
      }
    }
    const loadAfter = loadavg();
    const rows: BuildRow[] = [];
    for (const query of queries) {
      for (const name of ['this', 'against'] as const) {
        const measured = slices.get(`${name} ${query}`)!;
        const all = measured.flatMap((s) => s.latencies).sort((a, b) => a - b);
        const sortedP95 = (s: (typeof measured)[number]) =>
          percentile(
            [...s.latencies].sort((a, b) => a - b),
            95,
          );
        rows.push({
          build: name,
          query,
          requests: all.length,
          rps: percentile(
            measured.map((s) => s.requests / s.seconds).sort((a, b) => a - b),
            50,
          ),
          p50: percentile(all, 50),
          p95: percentile(all, 95),
          p99: percentile(all, 99),
          roundP95: measured.map(sortedP95),
          failures: measured.reduce((sum, s) => sum + s.failures, 0),
          cpuPerRequest: percentile(
            measured.map((s) => (s.cpu * 1000) / Math.max(1, s.requests)).sort((a, b) => a - b),
            50,
          ),
        });
      }
    }
    return { against: builds.against, rows, loadBefore, loadAfter, rounds, seconds, connections };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const path of [dir, `${dir}-this`, `${dir}-against`]) rmSync(path, { recursive: true, force: true });
  }
}

export function formatApiBuilds(result: BuildsResult): string {
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-').padStart(8);
  const load = (values: number[]) => values.map((x) => x.toFixed(2)).join(' ');
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  return [
    `A/B: build/server/main.js ("this") against ${result.against}; ${result.rounds} rounds × ${result.seconds} s ` +
      `per build and query, alternating, ${result.connections} connections, otp, PGlite on disk`,
    `load average before ${load(result.loadBefore)}, after ${load(result.loadAfter)}`,
    'build    query                requests   req/s     p50     p95     p99   round p95 median (range)   fail  CPU µs/req',
    ...result.rows.map((r) =>
      [
        r.build.padEnd(9),
        r.query.padEnd(18),
        String(r.requests).padStart(10),
        r.rps.toFixed(0).padStart(8),
        ms(r.p50),
        ms(r.p95),
        ms(r.p99),
        `   ${median(r.roundP95).toFixed(1)} (${Math.min(...r.roundP95).toFixed(1)}–${Math.max(...r.roundP95).toFixed(1)})`.padEnd(
          29,
        ),
        String(r.failures).padStart(5),
        (Number.isFinite(r.cpuPerRequest) ? r.cpuPerRequest.toFixed(0) : '-').padStart(12),
      ].join(''),
    ),
  ].join('\n');
}
