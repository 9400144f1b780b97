import { afterAll, describe, expect, it } from 'vitest';
import { backtestEvaluator } from '../../../src/domain/backtest/optimise';
import { runSymbol } from '../../../src/domain/backtest/portfolio';
import { walkBars } from '../../../src/domain/strategies/fixtures';
import { definitionFromTemplate, findTemplate } from '../../../src/domain/strategies/templates';
import { createWorkerPool, TaskCancelled } from './pool';
import type { OptimiseSetup, SymbolTask } from './task';

const parsed = definitionFromTemplate('sma-crossover', { fast: 5, slow: 20 });
if (!parsed.ok) throw new Error('template');
const task = (symbol: string, length: number): SymbolTask => ({
  definition: parsed.definition,
  symbol,
  bars: walkBars(length, 9),
  share: 1_000,
  options: { commissionCents: 0, slippageBps: 0 },
});

describe('backtest worker pool (real worker threads)', () => {
  const pool = createWorkerPool(1);
  afterAll(() => pool.stop());

  it("runs a symbol on a worker thread with the domain's result", async () => {
    const small = task('A', 400);
    const run = await pool.run('job-1', small);
    expect(run).toEqual(runSymbol(small.definition, 'A', small.bars, 1_000, small.options));
  });

  it("cancels a job: its running and queued tasks reject, other jobs' tasks still run on a fresh worker", async () => {
    const running = pool.run('job-2', task('B', 200_000));
    const queued = pool.run('job-2', task('C', 400));
    const otherJob = pool.run('job-3', task('D', 400));
    pool.cancel('job-2');
    await expect(running).rejects.toBeInstanceOf(TaskCancelled);
    await expect(queued).rejects.toBeInstanceOf(TaskCancelled);
    expect((await otherJob).symbol).toBe('D');
  });

  it("evaluates parameter sets on workers set up once with the job's bars, as the domain's evaluator does", async () => {
    const two = createWorkerPool(2);
    try {
      const setup: OptimiseSetup = {
        templateId: 'sma-crossover',
        setup: { symbols: ['A', 'B'], interval: '1D' },
        bars: [walkBars(300, 3), walkBars(300, 3).map((bar) => ({ ...bar, close: bar.close * 1.01 }))],
        options: { capital: 10_000 },
      };
      const request = {
        sets: [
          { fast: 5, slow: 20 },
          { fast: 10, slow: 40 },
        ],
        ranges: [
          { start: 0, end: 150 },
          { start: 150, end: 300 },
        ],
      };
      await expect(two.evaluate('opt', request)).rejects.toBeInstanceOf(TaskCancelled);
      two.init('opt', setup);
      const answers = await Promise.all([two.evaluate('opt', request), two.evaluate('opt', request)]);
      const expected = backtestEvaluator({ ...setup, template: findTemplate('sma-crossover')! }).evaluate(request);
      expect(answers).toEqual([expected, expected]);
      two.cancel('opt');
      await expect(two.evaluate('opt', request)).rejects.toBeInstanceOf(TaskCancelled);
    } finally {
      await two.stop();
    }
  });

  it('rejects every task once stopped', async () => {
    const stopping = createWorkerPool(1);
    const pending = stopping.run('job', task('E', 200_000));
    await stopping.stop();
    await expect(pending).rejects.toBeInstanceOf(TaskCancelled);
    await expect(stopping.run('job', task('F', 10))).rejects.toBeInstanceOf(TaskCancelled);
  });
});
