/**
 * A worker thread of the optimisation bench (`optimise.ts`): receives the bars once (as Float64Array columns in
 * `workerData`), then answers evaluation requests (parameter sets × bar ranges) with the in-thread evaluator of
 * `src/domain/backtest/optimise`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { backtestEvaluator, type EvaluateRequest } from '../src/domain/backtest/optimise';
import type { StrategyBacktestOptions } from '../src/domain/backtest/strategyBacktest';
import type { Candle } from '../src/domain/market/candle';
import { findTemplate, type TemplateSetup } from '../src/domain/strategies/templates';

export interface SymbolColumns {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
}

export interface OptimiseWorkerData {
  templateId: string;
  setup: TemplateSetup;
  options: StrategyBacktestOptions;
  columns: SymbolColumns[];
}

export type OptimiseWorkerRequest = EvaluateRequest & { id: number };

function candles(columns: SymbolColumns): Candle[] {
  return Array.from(columns.close, (close, i) => ({
    time: columns.time[i]!,
    open: columns.open[i]!,
    high: columns.high[i]!,
    low: columns.low[i]!,
    close,
    volume: 0,
  }));
}

const data = workerData as OptimiseWorkerData;
const evaluator = backtestEvaluator({
  template: findTemplate(data.templateId)!,
  setup: data.setup,
  bars: data.columns.map(candles),
  options: data.options,
});
const port = parentPort!;
port.on('message', async (request: OptimiseWorkerRequest) => {
  const { id, ...rest } = request;
  port.postMessage({ id, evaluations: await evaluator.evaluate(rest) });
});
port.postMessage({ ready: true });
