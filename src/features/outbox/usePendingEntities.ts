import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../data/db';
import { entityKeysWithQueuedWrites } from '../../data/outbox/queue';

/** Keys (`<table>:<id>`) of local rows whose changes have not reached the server yet. */
export function usePendingEntities(): ReadonlySet<string> {
  return useLiveQuery(() => entityKeysWithQueuedWrites(localDb()), [], new Set<string>());
}
