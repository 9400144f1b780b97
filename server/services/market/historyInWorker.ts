import { Worker } from 'node:worker_threads';
import { generateHistory, type HistoryOptions, type MarketHistory } from '../../../src/domain/market/history';
import { UNIVERSE } from '../../../src/domain/market/universe';
import { decodeHistory, type EncodedHistory } from './historyTransfer';

// The built server bundles this worker as build/server/history.worker.js and points this URL at it
// (scripts/build-server.js). Run from the sources (tsx: npm run dev, tests) it is the TypeScript file, which
// a worker thread cannot load (the tsx loader does not reach it).
const workerUrl = new URL('./history.worker.ts', import.meta.url);
const compiled = !workerUrl.pathname.endsWith('.ts');

/**
 * generateHistory on a worker thread in the compiled server, so that the main thread is free meanwhile (the
 * same history: the generator is deterministic); on this thread when run from the sources, or when the
 * worker fails (after telling `onFallback` why).
 */
export async function generateHistoryInWorker(
  options: Omit<HistoryOptions, 'instruments'>,
  onFallback: (error: unknown) => void = () => undefined,
): Promise<MarketHistory> {
  if (!compiled) return generateHistory(options);
  try {
    const encoded = await new Promise<EncodedHistory>((resolve, reject) => {
      const worker = new Worker(workerUrl, { workerData: options });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`history worker exited with ${code}`)));
    });
    return decodeHistory(encoded, UNIVERSE, options.capacity);
  } catch (error) {
    onFallback(error);
    return generateHistory(options);
  }
}
