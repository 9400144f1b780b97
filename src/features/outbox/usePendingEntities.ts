import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../data/db';
import { entityKeysWithQueuedWrites } from '../../data/outbox/queue';

/** Until the first read answers: one set, so memoised consumers see the same value on every render. */
const NONE: ReadonlySet<string> = new Set<string>();

/** Keys (`<table>:<id>`) of local rows whose changes have not reached the server yet. */
export function usePendingEntities(): ReadonlySet<string> {
  return useLiveQuery(() => entityKeysWithQueuedWrites(localDb()), [], NONE);
}
