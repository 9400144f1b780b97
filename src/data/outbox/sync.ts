import { localDb } from '../db';
import { mirroredBearerToken } from '../meta';
import { createOutboxFlusher, type OutboxFlusher } from './flusher';
import { OUTBOX_OPS } from './ops';

/** Background Sync tag the page registers after queuing a write; the worker flushes when it fires. */
export const OUTBOX_SYNC_TAG = 'outbox-sync';

/** The flusher of a browser context (page or worker) on this origin, with the given bearer token source. */
export function createBrowserOutboxFlusher(getToken?: () => Promise<string>): OutboxFlusher {
  const db = localDb();
  return createOutboxFlusher({
    db,
    ops: OUTBOX_OPS,
    endpoint: new URL('/graphql', location.origin).toString(),
    fetch: (input, init) => fetch(input, init),
    getToken: getToken ?? (() => mirroredBearerToken(db)),
  });
}

/**
 * One flush from the service worker's `sync` event. Rejects when rows still wait for a retry, so the
 * browser schedules the sync again later.
 */
export async function flushOutboxInWorker(): Promise<void> {
  const result = await createBrowserOutboxFlusher().flush({ ignoreBackoff: true });
  if (result.stoppedBy !== null) throw new Error(`outbox flush stopped (${result.stoppedBy}); will retry`);
}
