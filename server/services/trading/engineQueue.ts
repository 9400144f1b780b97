/**
 * Runs the engine's jobs one at a time, in the order they were queued: every check-then-write of the paper
 * broker (placing, cancelling, matching, expiring) sees the effects of the previous one. PGlite has a single
 * connection; PostgreSQL gets the same serial order. A failing job rejects its own promise only.
 */
export interface SerialQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Resolves once every job queued so far has finished (and those they queued). */
  idle(): Promise<void>;
  /** Resolves once the jobs queued before this call have finished (reads see their writes). */
  barrier(): Promise<void>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      const result = tail.then(job, job);
      tail = result.catch(() => undefined);
      return result;
    },
    async barrier() {
      await tail;
    },
    async idle() {
      let seen: Promise<unknown> | undefined;
      while (seen !== tail) {
        seen = tail;
        await seen;
      }
    },
  };
}
