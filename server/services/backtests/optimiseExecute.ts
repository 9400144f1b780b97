/**
 * Runs one stored optimisation run on the worker pool: the run's bars are set up once on each worker
 * (`pool.init`), the walk-forward optimiser (src/domain/backtest/optimise) asks for batches of parameter sets, and
 * each batch is split between the pool's workers, so the sets are scored in parallel. Progress = evaluations done /
 * total, updated as batches finish; heartbeat, cancel (the workers are terminated at once) and failure:
 * ./tracking.ts. The report is stored with the run (./optimiseReport.ts).
 */
import { walkForwardOptimise, type Evaluator } from '../../../src/domain/backtest/optimise';
import { barsPerYear } from '../../../src/domain/backtest/metrics';
import { backtestRuns } from '../../db/schema';
import type { OptimisationPlan } from './optimiseInput';
import { toReportModel } from './optimiseReport';
import { TaskCancelled, type WorkerPool } from './pool';
import { trackRun, type TrackingDependencies } from './tracking';

/** Parameter sets per request of the optimiser (each split between the workers). */
export const OPTIMISE_BATCH = 64;

/** An evaluator whose requests run on the pool's workers, the sets split evenly between them. */
export function poolEvaluator(
  pool: WorkerPool,
  job: string,
  plan: Pick<OptimisationPlan, 'setup' | 'times'>,
): Evaluator {
  return {
    capital: plan.setup.options.capital,
    barsPerYear: barsPerYear(plan.setup.setup.interval),
    times: plan.times,
    async evaluate(request) {
      const share = Math.ceil(request.sets.length / pool.size);
      const parts = Array.from({ length: pool.size }, (_, w) => request.sets.slice(w * share, (w + 1) * share));
      const answers = await Promise.all(
        parts.filter((sets) => sets.length > 0).map((sets) => pool.evaluate(job, { ...request, sets })),
      );
      return answers.flat();
    },
  };
}

export async function executeOptimisation(
  deps: TrackingDependencies,
  runId: string,
  plan: OptimisationPlan,
): Promise<void> {
  const { db, pool, now } = deps;
  let fraction = 0;
  const tracker = trackRun(deps, runId, () => fraction);
  try {
    pool.init(runId, plan.setup);
    await tracker.start();
    const report = await walkForwardOptimise({
      space: plan.space,
      windows: plan.windows,
      evaluator: poolEvaluator(pool, runId, plan),
      search: plan.search,
      objective: plan.objective,
      batchSize: OPTIMISE_BATCH,
      onProgress: ({ done, total }) => (fraction = done / total),
    });
    tracker.stop();
    const result = toReportModel(report, plan.times, plan.settings.objective);
    const at = now();
    await db
      .update(backtestRuns)
      .set({ status: 'DONE', progress: 1, result: { ...result }, updatedAt: at, finishedAt: at })
      .where(tracker.unfinished);
  } catch (error) {
    tracker.stop();
    if (error instanceof TaskCancelled) return;
    await tracker.fail(error);
  } finally {
    pool.release(runId);
  }
}
