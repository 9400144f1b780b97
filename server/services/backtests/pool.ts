/**
 * A fixed pool of worker threads running backtest tasks (./backtest.worker.ts), first come first served: a symbol
 * of a backtest run, or a batch of parameter sets of an optimisation run. An optimisation job is set up first
 * (`init(job, setup)`: its bars and template); a worker is handed that setup once, right before its first task of
 * the job, and keeps it for the job's next batches (a fresh worker gets it again). Each task belongs to a job (a run): `cancel(job)` drops the job's queued tasks and terminates the
 * workers busy with its tasks at once (each replaced by a fresh worker), so a long run stops without waiting for its
 * symbol to finish; `stop()` terminates every worker (server shutdown). A task of a cancelled job, or one left when
 * the pool stops, rejects with `TaskCancelled`. A worker that dies is replaced and its task rejected.
 *
 * Run from the sources (tsx: tests, `npm run dev`) the worker is TypeScript, which Node cannot load as a worker
 * (and `execArgv: ['--import', 'tsx']` does not reach it): it is started through tsx's `tsImport` from an eval'd
 * module. The built server points the URL at build/server/backtest.worker.js (scripts/build-server.js).
 */
import { Worker } from 'node:worker_threads';
import type { EvaluateRequest, Evaluation } from '../../../src/domain/backtest/optimise';
import type { SymbolRun } from '../../../src/domain/backtest/portfolio';
import type { OptimiseSetup, SymbolTask, WorkerAnswer, WorkerMessage } from './task';

const workerUrl = new URL('./backtest.worker.ts', import.meta.url);

export class TaskCancelled extends Error {
  constructor() {
    super('backtest task cancelled');
    this.name = 'TaskCancelled';
  }
}

interface Queued {
  job: string;
  message: Exclude<WorkerMessage, { type: 'init' }>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current: Queued | undefined;
  /** The job whose setup this worker holds. */
  setUp: string | undefined;
}

function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const href = JSON.stringify(url.href);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`, { eval: true });
}

export function createWorkerPool(size: number, url: URL = workerUrl) {
  const queue: Queued[] = [];
  const slots: Slot[] = [];
  const setups = new Map<string, OptimiseSetup>();
  let stopped = false;

  const settle = (slot: Slot) => {
    const done = slot.current;
    slot.current = undefined;
    return done;
  };

  const spawn = (): Slot => {
    const slot: Slot = { worker: startWorker(url), current: undefined, setUp: undefined };
    // Idle workers do not keep the process alive.
    slot.worker.unref();
    slot.worker.on('message', (answer: WorkerAnswer) => {
      const done = settle(slot);
      if (answer.ok) done?.resolve(answer.value);
      else done?.reject(new Error(answer.error));
      next(slot);
    });
    slot.worker.on('error', (error) => settle(slot)?.reject(error));
    slot.worker.on('exit', () => {
      settle(slot)?.reject(stopped ? new TaskCancelled() : new Error('backtest worker exited'));
      const at = slots.indexOf(slot);
      if (at < 0 || stopped) return;
      slots[at] = spawn();
      next(slots[at]);
    });
    return slot;
  };

  function next(slot: Slot) {
    if (stopped || slot.current || !slots.includes(slot)) return;
    const queued = queue.shift();
    if (!queued) return;
    slot.current = queued;
    const setup = setups.get(queued.job);
    if (queued.message.type === 'evaluate' && slot.setUp !== queued.job && setup) {
      slot.worker.postMessage({ type: 'init', setup } satisfies WorkerMessage);
      slot.setUp = queued.job;
    }
    slot.worker.postMessage(queued.message);
  }

  function enqueue<T>(job: string, message: Queued['message']): Promise<T> {
    if (stopped) return Promise.reject(new TaskCancelled());
    return new Promise<T>((resolve, reject) => {
      queue.push({ job, message, resolve: resolve as (value: unknown) => void, reject });
      const idle = slots.find((slot) => !slot.current);
      if (idle) next(idle);
    });
  }

  for (let i = 0; i < Math.max(1, size); i++) slots.push(spawn());

  return {
    size: slots.length,

    /** Runs one symbol of `job`; rejects with TaskCancelled when the job is cancelled or the pool stopped. */
    run(job: string, task: SymbolTask): Promise<SymbolRun> {
      return enqueue(job, { type: 'symbol', task });
    },

    /** Sets up an optimisation job: what its `evaluate` tasks run on (kept until `release` or `cancel`). */
    init(job: string, setup: OptimiseSetup) {
      setups.set(job, setup);
    },

    /** Scores a batch of parameter sets of a set-up job on one worker (`[set][range]`); TaskCancelled once cancelled. */
    evaluate(job: string, request: EvaluateRequest): Promise<Evaluation[][]> {
      if (!setups.has(job)) return Promise.reject(new TaskCancelled());
      return enqueue(job, { type: 'evaluate', request });
    },

    /** Forgets a finished job's setup (the workers drop it at their next setup). */
    release(job: string) {
      setups.delete(job);
    },

    /** Drops `job`'s queued tasks and terminates the workers running its tasks (replaced by new ones). */
    cancel(job: string) {
      setups.delete(job);
      for (let i = queue.length - 1; i >= 0; i--) {
        if (queue[i]!.job === job) queue.splice(i, 1)[0]!.reject(new TaskCancelled());
      }
      slots.forEach((slot, at) => {
        if (slot.current?.job !== job) return;
        settle(slot)?.reject(new TaskCancelled());
        slots[at] = spawn();
        void slot.worker.terminate();
        next(slots[at]);
      });
    },

    /** Terminates every worker; queued and running tasks reject with TaskCancelled. */
    async stop() {
      stopped = true;
      for (const queued of queue.splice(0)) queued.reject(new TaskCancelled());
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
