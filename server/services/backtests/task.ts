import type { SymbolRun } from '../../../src/domain/backtest/portfolio';
import type { Candle } from '../../../src/domain/market/candle';
import type { StrategyDefinition } from '../../../src/domain/strategies';

/** One symbol of a backtest run, as posted to a worker thread (./backtest.worker.ts). */
export interface SymbolTask {
  definition: StrategyDefinition;
  symbol: string;
  bars: readonly Candle[];
  share: number;
  options: { commissionCents: number; slippageBps: number };
}

/** A worker's answer to one task. */
export type SymbolTaskAnswer = { ok: true; run: SymbolRun } | { ok: false; error: string };
