/** Name of the Web Lock held while flushing, so a page and the service worker never flush together. */
export const OUTBOX_LOCK_NAME = 'outbox-flush';

/** Runs `task` while holding the flush lock. */
export type FlushLock = <T>(task: () => Promise<T>) => Promise<T>;

/** One in-process mutex (where Web Locks are missing, e.g. node): tasks run one after another. */
export function createMemoryLock(): FlushLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

const memoryLock = createMemoryLock();

/** The Web Lock `outbox-flush` where the platform has one, else the in-process mutex. */
export const flushLock: FlushLock = <T>(task: () => Promise<T>): Promise<T> => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return memoryLock(task);
  return locks.request(OUTBOX_LOCK_NAME, task);
};
