/**
 * A strategy backtested on several symbols (spec §7 evolveStrategy, backtest runs), in two pure steps so that the
 * symbols can run anywhere (this thread, or one worker thread per symbol) and still give one result:
 *
 * 1. `runSymbol`: one symbol traded on its own bars by `backtestStrategy` with an equal share of the capital.
 * 2. `combineRuns`: the portfolio is the sum of the symbols' equity at each bar time of the union of their times (a
 *    symbol without a bar at that time counts at its last value, or its share of the capital before its first bar);
 *    the benchmark is buy and hold of every symbol the same way; trades are ordered by entry time (stable, so equal
 *    times keep the symbols' order); metrics and drawdown are measured on the summed curves.
 *
 * `combineRuns` takes the runs in the symbols' order, whatever order they finished in.
 */
import type { Candle } from '../market/candle';
import type { StrategyDefinition } from '../strategies/definition';
import type { BacktestTrade } from './engine';
import { barsPerYear, computeMetrics, drawdownCurve, type BacktestMetrics } from './metrics';
import { backtestStrategy } from './strategyBacktest';

export interface PortfolioOptions {
  /** Dollars, split equally between the symbols. */
  capital: number;
  commissionCents: number;
  slippageBps: number;
}

/** One symbol's part of a portfolio backtest: plain data (it crosses a worker thread's message port). */
export interface SymbolRun {
  symbol: string;
  times: number[];
  equity: Float64Array;
  benchmark: Float64Array;
  trades: BacktestTrade[];
  barsInMarket: number;
}

export interface PortfolioResult {
  times: number[];
  equity: Float64Array;
  drawdown: Float64Array;
  benchmark: Float64Array;
  /** Every symbol's trades, by entry time. */
  trades: { symbol: string; trade: BacktestTrade }[];
  metrics: BacktestMetrics;
  benchmarkMetrics: BacktestMetrics;
}

/** One symbol traded with `share` dollars. */
export function runSymbol(
  definition: StrategyDefinition,
  symbol: string,
  bars: readonly Candle[],
  share: number,
  { commissionCents, slippageBps }: Omit<PortfolioOptions, 'capital'>,
): SymbolRun {
  const result = backtestStrategy(definition, bars, {
    capital: share,
    commission: { perTrade: commissionCents / 100 },
    slippageBps,
  });
  return {
    symbol,
    times: bars.map((bar) => bar.time),
    equity: result.equity,
    benchmark: result.benchmark,
    trades: result.trades,
    barsInMarket: result.barsInMarket,
  };
}

/** Sum of per-symbol curves over the union of their times, each carried forward (`start` before its first bar). */
function sumCurves(
  times: readonly number[],
  series: { times: readonly number[]; values: ArrayLike<number> }[],
  start: number,
) {
  const total = new Float64Array(times.length);
  for (const { times: own, values } of series) {
    let j = 0;
    let last = start;
    times.forEach((time, i) => {
      while (j < own.length && own[j]! <= time) last = values[j++]!;
      total[i]! += last;
    });
  }
  return total;
}

/** The portfolio of `runs` (at least one), which were each given `capital / runs.length`. */
export function combineRuns(
  definition: StrategyDefinition,
  runs: readonly SymbolRun[],
  capital: number,
): PortfolioResult {
  const share = capital / runs.length;
  const times = [...new Set(runs.flatMap((run) => run.times))].sort((a, b) => a - b);
  const equity = sumCurves(
    times,
    runs.map((run) => ({ times: run.times, values: run.equity })),
    share,
  );
  const benchmark = sumCurves(
    times,
    runs.map((run) => ({ times: run.times, values: run.benchmark })),
    share,
  );
  const trades = runs
    .flatMap((run) => run.trades.map((trade) => ({ symbol: run.symbol, trade })))
    .sort((a, b) => a.trade.entryTime - b.trade.entryTime);
  const barsInMarket = Math.max(0, ...runs.map((run) => run.barsInMarket));
  const common = { times, initialCapital: capital, barsPerYear: barsPerYear(definition.interval) };
  return {
    times,
    equity,
    drawdown: drawdownCurve(equity, capital),
    benchmark,
    trades,
    metrics: computeMetrics({ ...common, equity, trades: trades.map((t) => t.trade), barsInMarket }),
    benchmarkMetrics: computeMetrics({ ...common, equity: benchmark, trades: [], barsInMarket: times.length }),
  };
}

/** Every symbol on this thread, then combined. */
export function backtestPortfolio(
  definition: StrategyDefinition,
  barsBySymbol: ReadonlyMap<string, readonly Candle[]>,
  options: PortfolioOptions,
): PortfolioResult {
  const share = options.capital / barsBySymbol.size;
  const runs = [...barsBySymbol].map(([symbol, bars]) => runSymbol(definition, symbol, bars, share, options));
  return combineRuns(definition, runs, options.capital);
}
