/**
 * A strategy definition (../strategies) backtested on one symbol's bars: its signals from the one signal engine
 * (`evaluate`), its sizing and stops handed to the backtest engine (./engine.ts; ATR-risk sizing gets the ATR series
 * of its period), and the metrics of the result (./metrics.ts, annualised by the definition's interval). The same
 * function serves the server's backtests, the optimiser and the browser's preview.
 */
import { atr } from '../indicators/atr';
import type { Candle } from '../market/candle';
import { barColumns, evaluate, toBarSignals, type BarColumns } from '../strategies/signals';
import type { StrategyDefinition } from '../strategies/definition';
import { runBacktest, type BacktestResult, type Sizing } from './engine';
import type { Commission } from './fillModel';
import { barsPerYear, computeMetrics, type BacktestMetrics } from './metrics';

export interface StrategyBacktestOptions {
  /** Initial capital in dollars. */
  capital: number;
  commission?: Commission;
  slippageBps?: number;
  fractional?: boolean;
  riskFreeRate?: number;
}

export interface StrategyBacktest extends BacktestResult {
  metrics: BacktestMetrics;
  /** The buy-and-hold benchmark's metrics over the same bars. */
  benchmarkMetrics: BacktestMetrics;
}

/** A definition's sizing as the backtest engine reads it (ATR-risk sizing gets the ATR series of its period). */
export function engineSizing(defined: StrategyDefinition['sizing'], columns: BarColumns): Sizing {
  return defined.kind === 'atrRisk'
    ? {
        kind: 'atrRisk',
        riskPercent: defined.riskPercent,
        atrMultiple: defined.atrMultiple,
        atr: atr(columns.high, columns.low, columns.close, defined.atrPeriod),
      }
    : defined;
}

export function backtestStrategy(
  definition: StrategyDefinition,
  bars: readonly Candle[],
  options: StrategyBacktestOptions,
): StrategyBacktest {
  const columns = barColumns(bars);
  const signals = toBarSignals(evaluate(definition, columns));
  const sizing = engineSizing(definition.sizing, columns);
  const result = runBacktest({ bars, signals, sizing, exits: definition.stops, ...options });
  const common = {
    times: columns.time,
    initialCapital: options.capital,
    barsPerYear: barsPerYear(definition.interval),
    riskFreeRate: options.riskFreeRate,
  };
  return {
    ...result,
    metrics: computeMetrics({
      ...common,
      equity: result.equity,
      trades: result.trades,
      barsInMarket: result.barsInMarket,
    }),
    benchmarkMetrics: computeMetrics({ ...common, equity: result.benchmark, trades: [], barsInMarket: bars.length }),
  };
}
