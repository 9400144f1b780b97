/**
 * The paper broker's work in flight (orders being placed or cancelled, quotes being matched, expiry). Jobs run at once
 * and side by side: the database serialises the writes of each account (./accountLocks.ts), not this module. A read of
 * an account waits for the jobs under way when it was asked that can change that account: the account's own (its
 * orders placed or cancelled, its portfolio pushes) and those of the whole market (a quote already received being
 * matched, expiry), so that a fill of that quote shows in the next read; not for other accounts' jobs (a burst of
 * another account's orders). `idle` (tests, benchmarks) and `stop` wait for every job. A failing job rejects its own
 * promise only.
 */
export interface EngineJobs {
  /** Runs `job`, a job of `account` (its user id), or of every account when omitted. */
  run<T>(job: () => Promise<T>, account?: string): Promise<T>;
  /** Resolves once the jobs running at the call of `account` and of every account have finished. */
  barrier(account: string): Promise<void>;
  /** Resolves once no job runs (those started meanwhile included). */
  idle(): Promise<void>;
  /**
   * Runs `job` for `key` with the newest `value`, one at a time per key: values arriving while a job of the key runs
   * are coalesced, and only the newest is run next (quote ticks of one symbol). A job of `account`, or of every
   * account when omitted.
   */
  coalesce<K, V>(key: K, value: V, job: (key: K, value: V) => Promise<void>, account?: string): void;
}

const settle = () => undefined;

export function createEngineJobs(onError: (error: unknown) => void): EngineJobs {
  /** Each job under way, with its account (undefined: every account's). */
  const running = new Map<Promise<void>, string | undefined>();
  const pending = new Map<unknown, unknown>();
  const active = new Set<unknown>();

  function run<T>(job: () => Promise<T>, account?: string): Promise<T> {
    let result: Promise<T>;
    try {
      result = job();
    } catch (error) {
      result = Promise.reject(error);
    }
    const done = result.then(settle, settle);
    running.set(done, account);
    void done.then(() => running.delete(done));
    return result;
  }

  return {
    run,
    async barrier(account) {
      const concerned = [...running].filter(([, of]) => of === undefined || of === account).map(([done]) => done);
      await Promise.all(concerned);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.keys()]);
    },
    coalesce(key, value, job, account) {
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
      }, account);
    },
  };
}
