/**
 * Optimisation throughput (issue 13 point 10): a walk-forward grid optimisation of the SMA crossover template,
 * 1,000 parameter sets (fast 5…100 by 5 × slow 105…350 by 5), over 2,520 daily bars (10 years, seeded random walks)
 * of 20 symbols: 8 rolling windows of 2 years in sample and 1 out of sample. Every set is backtested on every
 * in-sample window of every symbol (`src/domain/backtest/optimise`), the evaluations spread over worker threads.
 * Baseline in the same run: 1 worker; then 2 workers, and the speed-up. Figures: bar-evaluations (a set × a bar of
 * a window × a symbol) per second of wall time and per CPU second (the whole process, every thread: steadier on a
 * shared machine). Worker start-up (tsx compiling the sources) is not timed.
 *
 * Run alone: `npx tsx bench/optimise.ts [symbols] [bars]` (or `npm run bench -- optimise`).
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  gridPoints,
  paramSpaceOf,
  walkForwardOptimise,
  type EvaluateRequest,
  type Evaluation,
  type Evaluator,
  type WalkForwardOptimisation,
} from '../src/domain/backtest/optimise';
import { walkForwardWindows } from '../src/domain/backtest/walkForward';
import { randomWalk } from '../src/domain/indicators/fixtures';
import { findTemplate } from '../src/domain/strategies/templates';
import type { OptimiseWorkerData, OptimiseWorkerRequest, SymbolColumns } from './optimise.worker';
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

function columnsOf(symbol: number, bars: number): SymbolColumns {
  const walk = randomWalk(bars, 2026 + symbol);
  return {
    time: Float64Array.from({ length: bars }, (_, i) => i * DAY_MS),
    open: Float64Array.from(walk.open),
    high: Float64Array.from(walk.high),
    low: Float64Array.from(walk.low),
    close: Float64Array.from(walk.close),
  };
}

function copy(columns: SymbolColumns): SymbolColumns {
  const { time, open, high, low, close } = columns;
  return { time: time.slice(), open: open.slice(), high: high.slice(), low: low.slice(), close: close.slice() };
}

/** Worker threads that each hold the bars and answer evaluation requests; a request's sets are split among them. */
class Pool {
  private next = 0;
  private readonly waiting = new Map<number, (evaluations: Evaluation[][]) => void>();

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) {
      worker.on('message', (message: { id?: number; evaluations?: Evaluation[][] }) => {
        if (message.id === undefined) return;
        this.waiting.get(message.id)!(message.evaluations!);
        this.waiting.delete(message.id);
      });
    }
  }

  static async start(size: number, data: Omit<OptimiseWorkerData, 'columns'>, columns: SymbolColumns[]) {
    const url = new URL('./optimise.worker.ts', import.meta.url).href;
    const workers = await Promise.all(
      Array.from({ length: size }, () => {
        const own = columns.map(copy);
        const worker = new Worker(
          `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(url)}, ${JSON.stringify(url)}))`,
          {
            eval: true,
            workerData: { ...data, columns: own } satisfies OptimiseWorkerData,
            transferList: own.flatMap((c) =>
              [c.time, c.open, c.high, c.low, c.close].map((a) => a.buffer as ArrayBuffer),
            ),
          },
        );
        return new Promise<Worker>((resolve, reject) => {
          worker.once('message', () => resolve(worker));
          worker.once('error', reject);
        });
      }),
    );
    return new Pool(workers);
  }

  private ask(worker: Worker, request: EvaluateRequest): Promise<Evaluation[][]> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ ...request, id } satisfies OptimiseWorkerRequest);
    });
  }

  async evaluate(request: EvaluateRequest): Promise<Evaluation[][]> {
    const share = Math.ceil(request.sets.length / this.workers.length);
    const answers = await Promise.all(
      this.workers
        .map((worker, w) => ({ worker, sets: request.sets.slice(w * share, (w + 1) * share) }))
        .filter((part) => part.sets.length > 0)
        .map((part) => this.ask(part.worker, { ...request, sets: part.sets })),
    );
    return answers.flat();
  }

  close(): Promise<number[]> {
    return Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

async function run(workers: number, symbols: number, bars: number): Promise<OptimiseRun> {
  const template = findTemplate('sma-crossover')!;
  const setup = { symbols: Array.from({ length: symbols }, (_, s) => `S${s}`), interval: '1D' as const };
  const columns = Array.from({ length: symbols }, (_, s) => columnsOf(s, bars));
  const pool = await Pool.start(workers, { templateId: template.id, setup, options: OPTIONS }, columns);
  let barEvaluations = 0;
  const evaluator: Evaluator = {
    capital: OPTIONS.capital,
    barsPerYear: 252,
    times: columns[0]!.time,
    evaluate: (request) => {
      const rangeBars = request.ranges.reduce((sum, r) => sum + r.end - r.start, 0);
      barEvaluations += request.sets.length * rangeBars * symbols;
      return pool.evaluate(request);
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
  await pool.close();
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
