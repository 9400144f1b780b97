import { Worker } from 'node:worker_threads';
import { generateHistoryBase, type HistoryBaseOptions } from '../../../src/domain/market/history';
import { encodeHistoryBase, type EncodedHistoryBase } from './historyTransfer';

// The built server bundles this worker as build/server/history.worker.js and points this URL at it
// (scripts/build-server.js). Run from the sources (tsx: npm run dev, tests) it is the TypeScript file, which
// a worker thread cannot load (the tsx loader does not reach it).
const workerUrl = new URL('./history.worker.ts', import.meta.url);
const compiled = !workerUrl.pathname.endsWith('.ts');

/**
 * generateHistoryBase, encoded, on a worker thread in the compiled server, so that the main thread is free
 * meanwhile (the same base: the generator is deterministic); on this thread when run from the sources, or when
 * the worker fails (after telling `onFallback` why).
 */
export async function generateHistoryBaseInWorker(
  options: HistoryBaseOptions,
  onFallback: (error: unknown) => void = () => undefined,
): Promise<EncodedHistoryBase> {
  if (compiled) {
    try {
      return await new Promise<EncodedHistoryBase>((resolve, reject) => {
        const worker = new Worker(workerUrl, { workerData: options });
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`history worker exited with ${code}`)));
      });
    } catch (error) {
      onFallback(error);
    }
  }
  return encodeHistoryBase(generateHistoryBase(options)).encoded;
}
