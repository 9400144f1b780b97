/**
 * Progress and cancellation of an optimisation run (pure): the run reports evaluations done out of the total after
 * every batch, and asks `isCancelled()` before each batch, so a cancel stops it within one batch.
 *
 * Rules:
 * - One evaluation = one parameter set scored on one bar range (every symbol of it).
 * - A cancelled run throws {@link OptimisationCancelled}; it returns no partial report (a half-searched window would
 *   report parameters that were never compared with the rest).
 */

export interface OptimiseProgress {
  done: number;
  total: number;
}

export interface RunControl {
  onProgress?: (progress: OptimiseProgress) => void;
  /** Checked before each batch (an AbortSignal's `() => signal.aborted` fits). */
  isCancelled?: () => boolean;
}

export class OptimisationCancelled extends Error {
  constructor(readonly done: number) {
    super(`Optimisation cancelled after ${done} evaluations`);
    this.name = 'OptimisationCancelled';
  }
}

export class ProgressCounter {
  done = 0;

  constructor(
    readonly total: number,
    private readonly control: RunControl,
  ) {}

  /** Throws {@link OptimisationCancelled} when the run was cancelled. */
  checkCancelled(): void {
    if (this.control.isCancelled?.()) throw new OptimisationCancelled(this.done);
  }

  add(evaluations: number): void {
    this.done = Math.min(this.total, this.done + evaluations);
    this.control.onProgress?.({ done: this.done, total: this.total });
  }
}

/**
 * `score` over `items` in batches of `batchSize`, the cancel checked before each batch and the progress counted
 * after it (`perItem` evaluations per item); the results in the items' order.
 */
export async function inBatches<T, R>(
  items: readonly T[],
  batchSize: number,
  perItem: number,
  progress: ProgressCounter,
  score: (batch: readonly T[]) => R[] | Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (let from = 0; from < items.length; from += batchSize) {
    progress.checkCancelled();
    const batch = items.slice(from, from + batchSize);
    out.push(...(await score(batch)));
    progress.add(batch.length * perItem);
  }
  return out;
}
