/** The Prioritized Task Scheduling API's yield, where the browser has it (Chromium). */
interface SchedulerWithYield {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task, so the work after `await nextTask()` runs in a task of its own and the browser can
 * paint, handle input and run other tasks in between (a long task split in two). scheduler.yield() where there is
 * one (the continuation keeps its place ahead of other queued tasks), else a MessageChannel message (a task
 * without setTimeout's minimum delay).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
