/**
 * Runs one stored backtest run on the worker pool: one task per symbol (its bars posted once), the symbols' runs
 * combined on this thread by the same code as the synchronous evolveStrategy (src/domain/backtest/portfolio.ts,
 * ../strategies/backtest.ts), the result stored with the run.
 *
 * Every PROGRESS_WRITE_MS the run's row gets its progress (share of the bars done) and a fresh `updated_at` (the
 * heartbeat), but only while it is unfinished: when the write finds it CANCELLED (by this process or another one)
 * the run's tasks are dropped at once. The final write (DONE or FAILED) also only lands on an unfinished row, so a
 * cancel always wins over a result that arrives later.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { combineRuns } from '../../../src/domain/backtest/portfolio';
import type { Database } from '../../db/client';
import { backtestRuns } from '../../db/schema';
import type { PreparedBacktest, StrategyBacktestModel, StrategyManager } from '../strategies/manage';
import { toPortfolioModel } from '../strategies/backtest';
import { MAX_STORED_TRADES, UNFINISHED } from './model';
import { TaskCancelled, type WorkerPool } from './pool';

/** How often a running run's progress and heartbeat are written. */
export const PROGRESS_WRITE_MS = 250;

export interface ExecuteDependencies {
  db: Database;
  pool: WorkerPool;
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
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
  const unfinished = and(eq(backtestRuns.id, runId), inArray(backtestRuns.status, [...UNFINISHED]));
  let writing = false;
  const beat = async () => {
    if (writing) return;
    writing = true;
    try {
      const alive = await db
        .update(backtestRuns)
        .set({ status: 'RUNNING', progress: Math.min(0.99, doneBars / totalBars), updatedAt: now() })
        .where(unfinished)
        .returning({ id: backtestRuns.id });
      if (alive.length === 0) pool.cancel(runId);
    } catch (error) {
      log.warn({ err: error, runId }, 'backtest progress not written');
    } finally {
      writing = false;
    }
  };
  const timer = setInterval(() => void beat(), PROGRESS_WRITE_MS);
  try {
    await beat();
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
    clearInterval(timer);
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
    clearInterval(timer);
    if (error instanceof TaskCancelled) return;
    pool.cancel(runId);
    log.warn({ err: error, runId }, 'backtest run failed');
    const at = now();
    await db
      .update(backtestRuns)
      .set({
        status: 'FAILED',
        error: error instanceof Error ? error.message : String(error),
        updatedAt: at,
        finishedAt: at,
      })
      .where(unfinished)
      .catch(() => undefined);
  }
}
