/**
 * Indicator throughput: our single-pass implementations (src/domain/indicators) against the
 * `technicalindicators` package on the same 100,000 closes (a seeded random walk), in the same process.
 * One operation = computing one indicator over the whole series. Each side is warmed up, then repeated
 * until it has run for at least MIN_MILLISECONDS and MIN_REPETITIONS times.
 *
 * Run alone: `npx tsx bench/indicators.ts`.
 */
import { pathToFileURL } from 'node:url';
import { ADX, ATR, BollingerBands, EMA, MACD, RSI, SMA } from 'technicalindicators';
import { adx } from '../src/domain/indicators/adx';
import { atr } from '../src/domain/indicators/atr';
import { bollinger } from '../src/domain/indicators/bollinger';
import { ema } from '../src/domain/indicators/ema';
import { randomWalk } from '../src/domain/indicators/fixtures';
import { macd } from '../src/domain/indicators/macd';
import { rsi } from '../src/domain/indicators/rsi';
import { sma } from '../src/domain/indicators/sma';

export interface IndicatorBenchRow {
  name: string;
  /** Full-series computations per second. */
  oursOpsPerSec: number;
  theirsOpsPerSec: number;
  /** ours / theirs: how many times faster we are. */
  ratio: number;
}

export interface IndicatorBenchOptions {
  length?: number;
  minMilliseconds?: number;
  minRepetitions?: number;
}

const MIN_MILLISECONDS = 500;
const MIN_REPETITIONS = 5;

let sink = 0;

function consume(value: unknown): void {
  if (ArrayBuffer.isView(value)) sink += (value as Float64Array).length;
  else if (Array.isArray(value)) sink += value.length;
  else if (value && typeof value === 'object') for (const v of Object.values(value)) consume(v);
}

async function opsPerSecond(run: () => unknown, minMs: number, minReps: number): Promise<number> {
  consume(run()); // warm-up
  await new Promise((resolve) => setImmediate(resolve));
  let reps = 0;
  const start = performance.now();
  let elapsed = 0;
  while (reps < minReps || elapsed < minMs) {
    consume(run());
    reps++;
    elapsed = performance.now() - start;
  }
  return (reps * 1000) / elapsed;
}

export async function benchIndicators(options: IndicatorBenchOptions = {}): Promise<IndicatorBenchRow[]> {
  const { high, low, close } = randomWalk(options.length ?? 100_000, 2024);
  const minMs = options.minMilliseconds ?? MIN_MILLISECONDS;
  const minReps = options.minRepetitions ?? MIN_REPETITIONS;
  const cases: { name: string; ours: () => unknown; theirs: () => unknown }[] = [
    { name: 'SMA(20)', ours: () => sma(close, 20), theirs: () => SMA.calculate({ period: 20, values: close }) },
    { name: 'EMA(12)', ours: () => ema(close, 12), theirs: () => EMA.calculate({ period: 12, values: close }) },
    { name: 'RSI(14)', ours: () => rsi(close, 14), theirs: () => RSI.calculate({ period: 14, values: close }) },
    {
      name: 'MACD(12,26,9)',
      ours: () => macd(close),
      theirs: () =>
        MACD.calculate({
          values: close,
          fastPeriod: 12,
          slowPeriod: 26,
          signalPeriod: 9,
          SimpleMAOscillator: false,
          SimpleMASignal: false,
        }),
    },
    {
      name: 'Bollinger(20,2)',
      ours: () => bollinger(close, 20, 2),
      theirs: () => BollingerBands.calculate({ period: 20, values: close, stdDev: 2 }),
    },
    {
      name: 'ATR(14)',
      ours: () => atr(high, low, close, 14),
      theirs: () => ATR.calculate({ high, low, close, period: 14 }),
    },
    {
      name: 'ADX(14)',
      ours: () => adx(high, low, close, 14),
      theirs: () => ADX.calculate({ high, low, close, period: 14 }),
    },
  ];
  const rows: IndicatorBenchRow[] = [];
  for (const c of cases) {
    const oursOpsPerSec = await opsPerSecond(c.ours, minMs, minReps);
    const theirsOpsPerSec = await opsPerSecond(c.theirs, minMs, minReps);
    rows.push({ name: c.name, oursOpsPerSec, theirsOpsPerSec, ratio: oursOpsPerSec / theirsOpsPerSec });
  }
  return rows;
}

export function formatIndicatorBench(rows: readonly IndicatorBenchRow[]): string {
  const header = ['indicator', 'ours ops/s', 'technicalindicators ops/s', 'ratio'];
  const body = rows.map((r) => [
    r.name,
    r.oursOpsPerSec.toFixed(1),
    r.theirsOpsPerSec.toFixed(2),
    `${r.ratio.toFixed(1)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchIndicators();
  console.log('Indicators over 100,000 closes (one op = the whole series)');
  console.log(formatIndicatorBench(rows));
  const worst = Math.min(...rows.map((r) => r.ratio));
  console.log(`minimum ratio ${worst.toFixed(1)}× (goal ≥ 10×)${sink < 0 ? '' : ''}`);
}
