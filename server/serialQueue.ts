/**
 * Jobs run one at a time, in the order they were queued; a failed job is reported to `onError` and the next one
 * runs. `idle()` resolves once nothing is queued or running, including jobs queued while it waited.
 */
export function createSerialQueue(onError: (error: unknown) => void) {
  let queue: Promise<void> = Promise.resolve();
  return {
    enqueue(job: () => Promise<void>): void {
      queue = queue.then(job).catch(onError);
    },
    async idle(): Promise<void> {
      let current: Promise<void>;
      do {
        current = queue;
        await current;
      } while (current !== queue);
    },
  };
}
