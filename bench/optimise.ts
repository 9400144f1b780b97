/**
 * Optimisation throughput (issue 13 point 10): a walk-forward grid optimisation of the SMA crossover template,
 * 1,000 parameter sets (fast 5…100 by 5 × slow 105…350 by 5), over 2,520 daily bars (10 years, seeded random walks)
 * of 20 symbols: 8 rolling windows of 2 years in sample and 1 out of sample. Every set is backtested on every
 * in-sample window of every symbol (`src/domain/backtest/optimise`), the evaluations spread over the server's worker
 * pool (server/services/backtests: `createWorkerPool`, `poolEvaluator`, each worker set up with the bars once).
 * Baseline in the same run: 1 worker; then 2 workers, and the speed-up. Figures: bar-evaluations (a set × a bar of
 * a window × a symbol) per second of wall time and per CPU second (the whole process, every thread: steadier on a
 * shared machine). Worker start-up (tsx compiling the sources) is not timed.
 *
 * Run alone: `npx tsx bench/optimise.ts [symbols] [bars]` (or `npm run bench -- optimise`).
 */
import { pathToFileURL } from 'node:url';
import {
  gridPoints,
  paramSpaceOf,
  walkForwardOptimise,
  type Evaluator,
  type WalkForwardOptimisation,
} from '../src/domain/backtest/optimise';
import { walkForwardWindows } from '../src/domain/backtest/walkForward';
import { randomWalk } from '../src/domain/indicators/fixtures';
import { findTemplate } from '../src/domain/strategies/templates';
import type { Candle } from '../src/domain/market/candle';
import { createWorkerPool } from '../server/services/backtests/pool';
import { poolEvaluator } from '../server/services/backtests/optimiseExecute';
import { threadCeiling } from './threadCeiling';

const SYMBOLS = 20;
const BARS = 2_520;
const DAY_MS = 86_400_000;
const IN_SAMPLE = 504;
const OUT_OF_SAMPLE = 252;
const BATCH = 100;
const RANGES = { fast: { min: 5, max: 100, step: 5 }, slow: { min: 105, max: 350, step: 5 } };
const OPTIONS = { capital: 100_000, commission: { perTrade: 1 } };

export interface OptimiseRun {
  workers: number;
  seconds: number;
  cpuSeconds: number;
  barEvaluations: number;
  report: WalkForwardOptimisation;
}

export interface OptimiseBench {
  sets: number;
  symbols: number;
  bars: number;
  windows: number;
  runs: OptimiseRun[];
  /** The machine's 1→2 thread ceiling in the same run (./threadCeiling.ts). */
  ceiling: number;
}

function barsOf(symbol: number, bars: number): Candle[] {
  const walk = randomWalk(bars, 2026 + symbol);
  return walk.close.map((close, i) => ({
    time: i * DAY_MS,
    open: walk.open[i]!,
    high: walk.high[i]!,
    low: walk.low[i]!,
    close,
    volume: 0,
  }));
}

async function run(workers: number, symbols: number, bars: number): Promise<OptimiseRun> {
  const template = findTemplate('sma-crossover')!;
  const setup = { symbols: Array.from({ length: symbols }, (_, s) => `S${s}`), interval: '1D' as const };
  const history = Array.from({ length: symbols }, (_, s) => barsOf(s, bars));
  const times = history[0]!.map((bar) => bar.time);
  // The server's pool and evaluator (server/services/backtests): each worker is set up with the bars once.
  const pool = createWorkerPool(workers);
  const job = `bench-${workers}`;
  const optimiseSetup = { templateId: template.id, setup, bars: history, options: OPTIONS };
  pool.init(job, optimiseSetup);
  const onPool = poolEvaluator(pool, job, { setup: optimiseSetup, times });
  // Worker start-up (tsx compiling the sources) and the setup are not timed: one tiny request first.
  const warmUp = Array.from({ length: workers }, (_, w) => ({ fast: 5 + w, slow: 105 }));
  await onPool.evaluate({ sets: warmUp, ranges: [{ start: 0, end: 2 }] });
  let barEvaluations = 0;
  const evaluator: Evaluator = {
    ...onPool,
    evaluate: (request) => {
      const rangeBars = request.ranges.reduce((sum, r) => sum + r.end - r.start, 0);
      barEvaluations += request.sets.length * rangeBars * symbols;
      return onPool.evaluate(request);
    },
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const report = await walkForwardOptimise({
    space: paramSpaceOf(template, RANGES),
    windows: walkForwardWindows({ range: { start: 0, end: bars }, inSample: IN_SAMPLE, outOfSample: OUT_OF_SAMPLE }),
    evaluator,
    search: { kind: 'grid' },
    batchSize: BATCH,
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await pool.stop();
  return { workers, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, barEvaluations, report };
}

export async function benchOptimise(symbols = SYMBOLS, bars = BARS): Promise<OptimiseBench> {
  const runs = [await run(1, symbols, bars), await run(2, symbols, bars)];
  const ceiling = await threadCeiling();
  const sets = gridPoints(paramSpaceOf(findTemplate('sma-crossover')!, RANGES));
  return { sets, symbols, bars, windows: runs[0]!.report.windows.length, runs, ceiling };
}

/** What both runs must agree on: the choices and every figure derived from them. */
function fingerprint(report: WalkForwardOptimisation): string {
  return JSON.stringify([report.windows, report.summary, report.score, report.stability, report.winner]);
}

/** Whether every run reported what the first did (the number of workers must not change the result). */
export function sameReports(result: OptimiseBench): boolean {
  return result.runs.every((run) => fingerprint(run.report) === fingerprint(result.runs[0]!.report));
}

export function formatOptimiseBench(result: OptimiseBench): string {
  const count = (n: number) => Math.round(n).toLocaleString('en-US');
  const [one, two] = result.runs as [OptimiseRun, OptimiseRun];
  const line = (r: OptimiseRun, label: string) =>
    `${label}: ${count(r.barEvaluations / r.seconds)} bar-evaluations/s (${r.seconds.toFixed(1)} s), ` +
    `${count(r.barEvaluations / r.cpuSeconds)} per CPU second`;
  const { report } = one;
  const mean = (value: number | null | undefined) => (value ?? Number.NaN).toFixed(2);
  return [
    `${count(result.sets)} parameter sets × ${result.symbols} symbols × ${count(result.bars)} daily bars, ` +
      `${result.windows} walk-forward windows: ${count(one.barEvaluations)} bar-evaluations`,
    line(one, '1 worker (baseline)'),
    `${line(two, '2 workers')}; speed-up 1→2 workers ${(one.seconds / two.seconds).toFixed(2)}×`,
    `machine's ceiling now (a bare loop on 1 then 2 threads): ${result.ceiling.toFixed(2)}×; ` +
      `the optimiser reaches ${((one.seconds / two.seconds / result.ceiling) * 100).toFixed(0)}% of it`,
    `same report from both: ${sameReports(result) ? 'yes' : 'NO'}; winner ` +
      `${JSON.stringify(report.winner)}, mean Sharpe in sample ${mean(report.summary.inSample?.sharpeRatio)}, ` +
      `out of sample ${mean(report.summary.outOfSample?.sharpeRatio)}`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [symbols, bars] = process.argv.slice(2).map(Number);
  const result = await benchOptimise(symbols || SYMBOLS, bars || BARS);
  console.log(formatOptimiseBench(result));
  if (!sameReports(result)) process.exitCode = 1;
}
