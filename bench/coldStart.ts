/**
 * Cold start: time from spawning the server process to its first 200 from GET /api/health, with an existing
 * database (a PGlite data directory created and migrated by a first run, then reused, with the simulator's history
 * that run stored there, server/services/market/historyCache.ts), for the compiled
 * server `npm start` runs (`node build/server/main.js`) against the TypeScript sources through the tsx loader
 * (`node --import tsx server/main.ts`, its transform cache warm after the first run), alternating, in the same
 * run. Health is polled every 10 ms. Goal: ≤ 1.5 s for the compiled server.
 *
 * Besides the wall time, the CPU the server process used until then (all its threads: V8's compiler and GC
 * helpers, PGlite's WebAssembly compilation, the history worker) and its main thread's share, read from
 * /proc at the first healthy answer: on a machine shared with other work the wall time mostly measures the
 * wait for a core, the CPU time much less so.
 *
 * Run alone: `npx tsx bench/coldStart.ts` (or `npm run bench -- coldstart`). To compare with another build of the
 * server (e.g. the previous commit's, bundled in a copy of the repository), set COLD_START_AGAINST to its
 * build/server/main.js: it is started in the same alternation, on its own copy of the data directory.
 * COLD_START_ROUNDS sets the number of starts of each (default 5; more on a busy machine), read by both ways of
 * running it (coldStartRoundsFromEnv).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, serverBuildIsStale, serverEntry } from '../scripts/build-server.js';
import { cpuMs } from './apiLoad';
import { startServerProcess } from '../tests/fixtures/serverProcess';

const root = new URL('..', import.meta.url).pathname;
const GOAL_MS = 1500;
const POLL_MS = 10;
const TIMEOUT_MS = 120_000;

export interface ColdStartStats {
  /** Milliseconds from spawn to the first healthy answer, one per start. */
  samples: number[];
  median: number;
  min: number;
  max: number;
  /** Median CPU ms until then: the whole process, and its main thread (NaN without /proc). */
  cpu: number;
  mainThreadCpu: number;
}

interface Start {
  wallMs: number;
  cpuMs: number;
  mainThreadCpuMs: number;
}

export interface ColdStartResult {
  compiled: ColdStartStats;
  tsx: ColdStartStats;
  /** COLD_START_AGAINST's build, when set. */
  against?: ColdStartStats;
}

type Kind = 'compiled' | 'tsx' | 'against';
const against = process.env.COLD_START_AGAINST;
const commands: Partial<Record<Kind, string[]>> = {
  compiled: [serverEntry],
  tsx: ['--import', 'tsx', join(root, 'server/main.ts')],
  ...(against ? { against: [against] } : {}),
};

/** Starts one server on `dataDir`, measures the time (and CPU) until /api/health answered 200, and stops it. */
async function timeStart(args: string[], dataDir: string): Promise<Start> {
  const staticDir = join(root, 'dist');
  const server = await startServerProcess({
    args,
    cwd: root,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      STATIC_DIR: existsSync(join(staticDir, 'index.html')) ? staticDir : '/nonexistent-static-dir',
    },
    label: 'server',
    pollMs: POLL_MS,
    timeoutMs: TIMEOUT_MS,
  });
  try {
    return { wallMs: server.startMs, cpuMs: cpuMs(server.pid), mainThreadCpuMs: cpuMs(server.pid, server.pid) };
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summarize(starts: Start[]): ColdStartStats {
  const samples = starts.map((start) => start.wallMs);
  return {
    samples,
    median: median(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
    cpu: median(starts.map((start) => start.cpuMs)),
    mainThreadCpu: median(starts.map((start) => start.mainThreadCpuMs)),
  };
}

const DEFAULT_ROUNDS = 5;

/**
 * The number of starts of each server: COLD_START_ROUNDS, a whole number from 1; unset or empty means the default
 * (DEFAULT_ROUNDS). Anything else throws an error naming the variable.
 */
export function coldStartRoundsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.COLD_START_ROUNDS?.trim();
  if (!value) return DEFAULT_ROUNDS;
  const rounds = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(rounds) || rounds < 1) {
    throw new Error(`COLD_START_ROUNDS=${JSON.stringify(env.COLD_START_ROUNDS)}: a whole number of starts, 1 or more`);
  }
  return rounds;
}

export async function benchColdStart(rounds = coldStartRoundsFromEnv()): Promise<ColdStartResult> {
  if (serverBuildIsStale()) await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'cold-start-'));
  const kinds = Object.keys(commands) as Kind[];
  // Another build has its own data directory: what it keeps there (or does not) must not serve the other's starts.
  const dirs = Object.fromEntries(kinds.map((kind) => [kind, kind === 'against' ? `${dataDir}-against` : dataDir]));
  try {
    // The first start creates and migrates the database (and fills tsx's transform cache): not measured.
    for (const kind of kinds) await timeStart(commands[kind]!, dirs[kind]!);
    const samples: Partial<Record<Kind, Start[]>> = {};
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? kinds : [...kinds].reverse();
      for (const kind of order) (samples[kind] ??= []).push(await timeStart(commands[kind]!, dirs[kind]!));
    }
    return {
      compiled: summarize(samples.compiled!),
      tsx: summarize(samples.tsx!),
      ...(samples.against ? { against: summarize(samples.against) } : {}),
    };
  } finally {
    for (const dir of new Set(Object.values(dirs))) rmSync(dir, { recursive: true, force: true });
  }
}

export function formatColdStart({ compiled, tsx, against: other }: ColdStartResult): string {
  const ms = (x: number) => `${Math.round(x)} ms`;
  const row = (name: string, stats: ColdStartStats) =>
    `${name.padEnd(38)}${ms(stats.median).padEnd(10)}${`${ms(stats.min)} – ${ms(stats.max)}`.padEnd(21)}` +
    `${ms(stats.cpu).padEnd(10)}${ms(stats.mainThreadCpu)}`;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const verdict = compiled.median <= GOAL_MS ? 'met' : 'missed';
  return [
    `${compiled.samples.length} starts each, alternating; existing PGlite database; spawn → first 200 from /api/health`,
    `${''.padEnd(38)}${'median'.padEnd(10)}${'range'.padEnd(21)}${'CPU'.padEnd(10)}main thread CPU`,
    row('node build/server/main.js (npm start)', compiled),
    row('node --import tsx server/main.ts', tsx),
    ...(other ? [row('COLD_START_AGAINST', other)] : []),
    `ratio compiled / tsx: wall ${ratio(compiled.median, tsx.median)}, CPU ${ratio(compiled.cpu, tsx.cpu)}, ` +
      `main thread CPU ${ratio(compiled.mainThreadCpu, tsx.mainThreadCpu)}; goal ≤ ${GOAL_MS} ms ${verdict}`,
    ...(other
      ? [
          `ratio compiled / COLD_START_AGAINST: wall ${ratio(compiled.median, other.median)}, ` +
            `CPU ${ratio(compiled.cpu, other.cpu)}, main thread CPU ${ratio(compiled.mainThreadCpu, other.mainThreadCpu)}`,
        ]
      : []),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatColdStart(await benchColdStart(coldStartRoundsFromEnv())));
}
