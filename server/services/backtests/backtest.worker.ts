// Worker thread of the backtest pool (./pool.ts): runs one symbol of a backtest per message (runSymbol, the same
// code the synchronous evolveStrategy runs) and answers with its run, the curves' buffers transferred.
import { parentPort } from 'node:worker_threads';
import { runSymbol } from '../../../src/domain/backtest/portfolio';
import type { SymbolTask } from './task';

parentPort?.on('message', (task: SymbolTask) => {
  try {
    const run = runSymbol(task.definition, task.symbol, task.bars, task.share, task.options);
    parentPort?.postMessage({ ok: true, run }, [run.equity.buffer as ArrayBuffer, run.benchmark.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
