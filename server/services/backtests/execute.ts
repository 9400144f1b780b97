/**
 * Runs one stored backtest run on the worker pool: one task per symbol (its bars posted once), the symbols' runs
 * combined on this thread by the same code as the synchronous evolveStrategy (src/domain/backtest/portfolio.ts,
 * ../strategies/backtest.ts), the result stored with the run. Progress (share of the bars done), heartbeat, cancel
 * and failure: ./tracking.ts.
 */
import { combineRuns } from '../../../src/domain/backtest/portfolio';
import { backtestRuns } from '../../db/schema';
import type { PreparedBacktest, StrategyBacktestModel, StrategyManager } from '../strategies/manage';
import { toPortfolioModel } from '../strategies/backtest';
import { MAX_STORED_TRADES } from './model';
import { TaskCancelled } from './pool';
import { trackRun, type TrackingDependencies } from './tracking';

export interface ExecuteDependencies extends TrackingDependencies {
  /** Stores a finished run's metrics as its strategy's latest backtest (as evolveStrategy does). */
  recordBacktest: StrategyManager['recordBacktest'];
}

/** The result as stored: evolveStrategy's answer for the same input, its trades capped. */
function storedResult(prepared: PreparedBacktest, combined: ReturnType<typeof combineRuns>) {
  const { rawMetrics: _raw, from, to, ...rest } = toPortfolioModel(combined, prepared.options.capital);
  const result: StrategyBacktestModel = {
    ...rest,
    trades: rest.trades.slice(0, MAX_STORED_TRADES),
    strategyId: prepared.row?.id ?? null,
    symbols: prepared.symbols,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  };
  return { result, tradesTotal: rest.trades.length };
}

export async function executeRun(
  { db, pool, now, log, recordBacktest }: ExecuteDependencies,
  runId: string,
  userId: string,
  prepared: PreparedBacktest,
): Promise<void> {
  const { definition, symbols, barsBySymbol, options } = prepared;
  const totalBars = [...barsBySymbol.values()].reduce((sum, bars) => sum + bars.length, 0);
  let doneBars = 0;
  const tracker = trackRun({ db, pool, now, log }, runId, () => doneBars / totalBars);
  const { unfinished } = tracker;
  try {
    await tracker.start();
    const share = options.capital / symbols.length;
    const task = { commissionCents: options.commissionCents, slippageBps: options.slippageBps };
    const runs = await Promise.all(
      symbols.map(async (symbol) => {
        const bars = barsBySymbol.get(symbol)!;
        const run = await pool.run(runId, { definition, symbol, bars, share, options: task });
        doneBars += bars.length;
        return run;
      }),
    );
    tracker.stop();
    const combined = combineRuns(definition, runs, options.capital);
    const { result, tradesTotal } = storedResult(prepared, combined);
    const at = now();
    await db.transaction(async (tx) => {
      const done = await tx
        .update(backtestRuns)
        .set({ status: 'DONE', progress: 1, result: { ...result }, tradesTotal, updatedAt: at, finishedAt: at })
        .where(unfinished)
        .returning({ id: backtestRuns.id });
      if (done.length > 0 && prepared.row) {
        const range = { from: combined.times[0]!, to: combined.times.at(-1)! };
        await recordBacktest(tx, userId, prepared.row.id, { metrics: combined.metrics, ...range });
      }
    });
  } catch (error) {
    tracker.stop();
    if (error instanceof TaskCancelled) return;
    await tracker.fail(error);
  }
}
