/**
 * The machine's ceiling for a speed-up from 1 to 2 worker threads, measured in the same run as the benches that
 * report one (bench/optimise.ts): the same fixed arithmetic loop on 1 thread, then on 2 threads at once. On 2
 * independent cores the 2 threads take as long as 1 (ceiling 2×); on 2 hyperthreads of one core, or a machine
 * that is busy, less.
 */
import { Worker } from 'node:worker_threads';

const LOOP = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (n) => { let x = 0; for (let i = 0; i < n; i++) x = (x + i * 7) % 1000003; parentPort.postMessage(x); });`;

async function timeThreads(threads: number, iterations: number): Promise<number> {
  const workers = Array.from({ length: threads }, () => new Worker(LOOP, { eval: true }));
  try {
    // Warm up each thread's compiler first.
    await Promise.all(workers.map((w) => new Promise((resolve) => (w.once('message', resolve), w.postMessage(1e6)))));
    const started = performance.now();
    await Promise.all(
      workers.map((w) => new Promise((resolve) => (w.once('message', resolve), w.postMessage(iterations)))),
    );
    return (performance.now() - started) / 1000;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** 2 threads' work per second over 1 thread's: the best a 1→2 worker speed-up can be here now. */
export async function threadCeiling(iterations = 300_000_000): Promise<number> {
  const one = await timeThreads(1, iterations);
  const two = await timeThreads(2, iterations);
  return (2 * one) / two;
}
