/**
 * Backtest throughput (issue 13): an SMA(20/50) crossover template on one symbol over BARS daily bars (a seeded
 * random walk), the whole path a backtest takes (signals from the one signal engine, the backtest engine with
 * 10 %-of-equity sizing and commission, metrics of the strategy and of buy-and-hold), in bars per second. Baseline
 * in the same run: the bare minimum any backtester does, one pass over the bars computing both moving averages and
 * counting crossings. Goal ≥ 2,000,000 bars/s; backtrader's ~15,000 candles/s is the reference point.
 *
 * Run alone: `npx tsx bench/backtest.ts` (or `npm run bench -- backtest`).
 */
import { pathToFileURL } from 'node:url';
import { backtestStrategy } from '../src/domain/backtest/strategyBacktest';
import type { Candle } from '../src/domain/market/candle';
import { definitionFromTemplate } from '../src/domain/strategies/templates';
import { randomWalk } from '../src/domain/indicators/fixtures';

const BARS = 1_000_000;
const DAY_MS = 86_400_000;
const GOAL_BARS_PER_SECOND = 2_000_000;
const BACKTRADER_BARS_PER_SECOND = 15_000;
const REPETITIONS = 5;

export interface BacktestBench {
  bars: number;
  /** Median bars per second of the whole backtest, and of the bare loop. */
  barsPerSecond: number;
  bareBarsPerSecond: number;
  trades: number;
}

function bars(length: number): Candle[] {
  const { open, high, low, close, volume } = randomWalk(length, 2026);
  return close.map((c, i) => ({
    time: i * DAY_MS,
    open: open[i]!,
    high: high[i]!,
    low: low[i]!,
    close: c,
    volume: volume[i]!,
  }));
}

/** Both moving averages over the closes and the crossings between them: what every backtester has to do. */
function bareCrossings(series: readonly Candle[], fast: number, slow: number): number {
  let fastSum = 0;
  let slowSum = 0;
  let above = false;
  let crossings = 0;
  for (let i = 0; i < series.length; i++) {
    const close = series[i]!.close;
    fastSum += close - (i >= fast ? series[i - fast]!.close : 0);
    slowSum += close - (i >= slow ? series[i - slow]!.close : 0);
    if (i + 1 < slow) continue;
    const nowAbove = fastSum / fast > slowSum / slow;
    if (nowAbove !== above) crossings++;
    above = nowAbove;
  }
  return crossings;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function barsPerSecond(length: number, run: () => void): number {
  run(); // warm-up
  const rates: number[] = [];
  for (let r = 0; r < REPETITIONS; r++) {
    const started = performance.now();
    run();
    rates.push(length / ((performance.now() - started) / 1000));
  }
  return median(rates);
}

export async function benchBacktest(length = BARS): Promise<BacktestBench> {
  const series = bars(length);
  const parsed = definitionFromTemplate('sma-crossover', { fast: 20, slow: 50 });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  let trades = 0;
  let sink = 0;
  const options = { capital: 100_000, commission: { perTrade: 1 } };
  const measured = barsPerSecond(length, () => {
    trades = backtestStrategy(parsed.definition, series, options).trades.length;
  });
  const bare = barsPerSecond(length, () => {
    sink += bareCrossings(series, 20, 50);
  });
  if (sink < 0) throw new Error('unreachable');
  return { bars: length, barsPerSecond: measured, bareBarsPerSecond: bare, trades };
}

export function formatBacktestBench(result: BacktestBench): string {
  const rate = (n: number) => `${Math.round(n).toLocaleString('en-US')} bars/s`;
  return [
    `SMA 20/50 crossover backtest, ${result.bars.toLocaleString('en-US')} daily bars, ${result.trades} trades: ${rate(result.barsPerSecond)}`,
    `bare moving-average crossing loop (baseline): ${rate(result.bareBarsPerSecond)}; ratio ${(result.barsPerSecond / result.bareBarsPerSecond).toFixed(2)}×`,
    `goal ≥ ${rate(GOAL_BARS_PER_SECOND)}: ${result.barsPerSecond >= GOAL_BARS_PER_SECOND ? 'met' : 'NOT met'}; ${(result.barsPerSecond / BACKTRADER_BARS_PER_SECOND).toFixed(0)}× backtrader's ~15,000 candles/s`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatBacktestBench(await benchBacktest()));
}
