// Worker thread of the backtest pool (./pool.ts). A `symbol` task runs one symbol of a backtest (runSymbol, the same
// code the synchronous evolveStrategy runs); an `init` message keeps an optimisation run's bars and template (the
// in-thread evaluator of src/domain/backtest/optimise), and each `evaluate` task then scores a batch of parameter
// sets on it. Answers carry the value; a symbol run's curves are transferred.
import { parentPort } from 'node:worker_threads';
import { backtestEvaluator, type Evaluator } from '../../../src/domain/backtest/optimise';
import { runSymbol } from '../../../src/domain/backtest/portfolio';
import { findTemplate } from '../../../src/domain/strategies/templates';
import type { OptimiseSetup, WorkerMessage } from './task';

let evaluator: Evaluator | Error = new Error('no optimisation set up on this worker');

function setUp({ templateId, setup, bars, options }: OptimiseSetup): Evaluator | Error {
  const template = findTemplate(templateId);
  if (!template) return new Error(`unknown template ${templateId}`);
  try {
    return backtestEvaluator({ template, setup, bars, options });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

parentPort?.on('message', async (message: WorkerMessage) => {
  if (message.type === 'init') {
    evaluator = setUp(message.setup);
    return;
  }
  try {
    if (message.type === 'symbol') {
      const { definition, symbol, bars, share, options } = message.task;
      const run = runSymbol(definition, symbol, bars, share, options);
      parentPort?.postMessage({ ok: true, value: run }, [
        run.equity.buffer as ArrayBuffer,
        run.benchmark.buffer as ArrayBuffer,
      ]);
      return;
    }
    if (evaluator instanceof Error) throw evaluator;
    parentPort?.postMessage({ ok: true, value: await evaluator.evaluate(message.request) });
  } catch (error) {
    parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
