// Worker thread: generates the simulator's history (generateHistory, the longest step of a cold start) while
// the main thread loads the server and opens the database. See generateHistoryInWorker.
import { parentPort, workerData } from 'node:worker_threads';
import { generateHistory, type HistoryOptions } from '../../../src/domain/market/history';
import { encodeHistory } from './historyTransfer';

const { encoded, transfer } = encodeHistory(generateHistory(workerData as HistoryOptions));
parentPort?.postMessage(encoded, transfer);
