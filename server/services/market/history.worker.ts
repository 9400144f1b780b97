// Worker thread: generates the simulator's history before today's session (generateHistoryBase, the longest step
// of a cold start without a cached one) while the main thread loads the server and opens the database. See
// generateHistoryBaseInWorker.
import { parentPort, workerData } from 'node:worker_threads';
import { generateHistoryBase, type HistoryBaseOptions } from '../../../src/domain/market/history';
import { encodeHistoryBase } from './historyTransfer';

const { encoded, transfer } = encodeHistoryBase(generateHistoryBase(workerData as HistoryBaseOptions));
parentPort?.postMessage(encoded, transfer);
