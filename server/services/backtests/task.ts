import type { EvaluateRequest, Evaluation } from '../../../src/domain/backtest/optimise';
import type { SymbolRun } from '../../../src/domain/backtest/portfolio';
import type { StrategyBacktestOptions } from '../../../src/domain/backtest/strategyBacktest';
import type { Candle } from '../../../src/domain/market/candle';
import type { StrategyDefinition } from '../../../src/domain/strategies';
import type { TemplateSetup } from '../../../src/domain/strategies/templates';

/** One symbol of a backtest run, as posted to a worker thread (./backtest.worker.ts). */
export interface SymbolTask {
  definition: StrategyDefinition;
  symbol: string;
  bars: readonly Candle[];
  share: number;
  options: { commissionCents: number; slippageBps: number };
}

/**
 * What a worker of an optimisation run keeps (posted once per worker and run, before its first batch): the template,
 * the setup, one history per symbol at the same times, and the backtest options.
 */
export interface OptimiseSetup {
  templateId: string;
  setup: TemplateSetup;
  bars: readonly (readonly Candle[])[];
  options: StrategyBacktestOptions;
}

/** A message to a worker: a task (answered once) or the setup of the evaluations that follow it (not answered). */
export type WorkerMessage =
  | { type: 'symbol'; task: SymbolTask }
  | { type: 'evaluate'; request: EvaluateRequest }
  | { type: 'init'; setup: OptimiseSetup };

/** A task's value by its type. */
export interface TaskValues {
  symbol: SymbolRun;
  evaluate: Evaluation[][];
}

/** A worker's answer to one task. */
export type WorkerAnswer = { ok: true; value: SymbolRun | Evaluation[][] } | { ok: false; error: string };
