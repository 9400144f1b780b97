/**
 * The paper broker's work in flight (orders being placed or cancelled, quotes being matched, expiry). Jobs run at once
 * and side by side: the database serialises the writes of each account (./accountLocks.ts), not this module. Reads
 * wait for the jobs under way when they were asked (a fill of a quote already received shows in the next read);
 * `idle` (tests, benchmarks) and `stop` wait for every job. A failing job rejects its own promise only.
 */
export interface EngineJobs {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Resolves once the jobs running at the call have finished. */
  barrier(): Promise<void>;
  /** Resolves once no job runs (those started meanwhile included). */
  idle(): Promise<void>;
  /**
   * Runs `job` for `key` with the newest `value`, one at a time per key: values arriving while a job of the key runs
   * are coalesced, and only the newest is run next (quote ticks of one symbol).
   */
  coalesce<K, V>(key: K, value: V, job: (key: K, value: V) => Promise<void>): void;
}

const settle = () => undefined;

export function createEngineJobs(onError: (error: unknown) => void): EngineJobs {
  const running = new Set<Promise<void>>();
  const pending = new Map<unknown, unknown>();
  const active = new Set<unknown>();

  function run<T>(job: () => Promise<T>): Promise<T> {
    let result: Promise<T>;
    try {
      result = job();
    } catch (error) {
      result = Promise.reject(error);
    }
    const done = result.then(settle, settle);
    running.add(done);
    void done.then(() => running.delete(done));
    return result;
  }

  return {
    run,
    async barrier() {
      await Promise.all([...running]);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    coalesce(key, value, job) {
      pending.set(key, value);
      if (active.has(key)) return;
      active.add(key);
      void run(async () => {
        try {
          while (pending.has(key)) {
            const next = pending.get(key) as typeof value;
            pending.delete(key);
            await job(key, next).catch(onError);
          }
        } finally {
          active.delete(key);
        }
      });
    },
  };
}
