/**
 * "Save the winner as a new version" (applyOptimisation, issue 13 point 5): a DONE optimisation run's winner (the
 * parameters chosen on its latest in-sample window) written as its strategy's parameters through the strategies
 * service's `updateStrategy`, the one code path that bumps a strategy's version and keeps the old one readable
 * (TradingStrategy.versions).
 *
 * Rules:
 * - Another user's run, a backtest run, or a run whose strategy was deleted: NOT_FOUND.
 * - Refused (BAD_USER_INPUT on `id`): a run that is not DONE, a run with no winner (no window chose a set), a
 *   strategy whose template changed since the run.
 * - The run remembers the version it was saved as (`appliedVersion`). The winner equal to the strategy's current
 *   parameters changes nothing (updateStrategy bumps the version only for a new definition).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { backtestRuns } from '../../db/schema';
import { badUserInput, notFound } from '../errors';
import type { MutationCall } from '../idempotency';
import type { StrategyManager } from '../strategies/manage';
import type { StrategyModel } from '../strategies/model';
import { toRunModel, type BacktestRunRow } from './model';

export interface ApplyDependencies {
  db: Database;
  readOwn: (userId: string, id: string) => Promise<BacktestRunRow | undefined>;
  strategy: StrategyManager['strategy'];
  updateStrategy: StrategyManager['updateStrategy'];
}

export async function applyOptimisation(
  { db, readOwn, strategy, updateStrategy }: ApplyDependencies,
  call: MutationCall,
  id: string,
): Promise<StrategyModel> {
  const row = await readOwn(call.userId, id);
  if (!row || row.kind !== 'OPTIMISATION' || !row.strategyId) throw notFound('Optimisation run');
  const run = toRunModel(row, new Date(row.updatedAt.getTime()));
  if (run.status !== 'DONE' || !run.report || !run.optimisation) {
    throw badUserInput(`id: the optimisation is ${run.status}; only a finished (DONE) one can be saved`);
  }
  const winner = run.report.winner;
  if (!winner) throw badUserInput('id: no walk-forward window chose parameters, so there is no winner to save');
  const current = await strategy(call.userId, row.strategyId);
  if (!current) throw notFound('Optimisation run');
  if (current.templateId !== run.optimisation.templateId) {
    throw badUserInput(`id: the strategy's template changed since this optimisation (${run.optimisation.templateId})`);
  }
  const saved = await updateStrategy(call, row.strategyId, { parameters: winner });
  await db.update(backtestRuns).set({ appliedVersion: saved.version }).where(eq(backtestRuns.id, row.id));
  return saved;
}
