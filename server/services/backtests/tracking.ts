/**
 * The life of a stored run on this process (a backtest or an optimisation, ./execute.ts, ./optimiseExecute.ts):
 * every PROGRESS_WRITE_MS the run's row gets its progress and a fresh `updated_at` (the heartbeat), but only while
 * it is unfinished: when the write finds it CANCELLED (by this process or another one) the run's tasks on the pool
 * are dropped at once. The final write (DONE or FAILED) also only lands on an unfinished row, so a cancel always
 * wins over a result that arrives later.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { backtestRuns } from '../../db/schema';
import { UNFINISHED } from './model';
import type { WorkerPool } from './pool';

/** How often a running run's progress and heartbeat are written. */
export const PROGRESS_WRITE_MS = 250;

export interface TrackingDependencies {
  db: Database;
  pool: WorkerPool;
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
}

export interface RunTracker {
  /** The run's row while it is unfinished (for the final write). */
  unfinished: SQL;
  /** Writes the progress now (and then every PROGRESS_WRITE_MS until `stop`). */
  start(): Promise<void>;
  stop(): void;
  /** Stores the run as FAILED with the error's message (unless it was finished meanwhile) and drops its tasks. */
  fail(error: unknown): Promise<void>;
}

/** Tracks run `runId`, whose progress (0–1) `progress` reads. */
export function trackRun(
  { db, pool, now, log }: TrackingDependencies,
  runId: string,
  progress: () => number,
): RunTracker {
  const unfinished = and(eq(backtestRuns.id, runId), inArray(backtestRuns.status, [...UNFINISHED]))!;
  let writing = false;
  const beat = async () => {
    if (writing) return;
    writing = true;
    try {
      const alive = await db
        .update(backtestRuns)
        .set({ status: 'RUNNING', progress: Math.min(0.99, Math.max(0, progress())), updatedAt: now() })
        .where(unfinished)
        .returning({ id: backtestRuns.id });
      if (alive.length === 0) pool.cancel(runId);
    } catch (error) {
      log.warn({ err: error, runId }, 'run progress not written');
    } finally {
      writing = false;
    }
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => clearInterval(timer);
  return {
    unfinished,
    async start() {
      timer = setInterval(() => void beat(), PROGRESS_WRITE_MS);
      await beat();
    },
    stop,
    async fail(error) {
      stop();
      pool.cancel(runId);
      log.warn({ err: error, runId }, 'run failed');
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
    },
  };
}
