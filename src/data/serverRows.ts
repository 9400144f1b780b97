import type { Table } from 'dexie';
import type { LocalDb } from './db';
import { entityKey, entityKeysWithQueuedWrites } from './outbox/queue';
import type { OutboxRow } from './types';

/**
 * Writes one row the server answered for `row`, unless later queued writes of the same entity are still
 * waiting (their local state is newer than this answer). Runs inside the flusher's transaction.
 */
export async function putAnswer<T extends { id: string }>(
  db: LocalDb,
  table: Table<T, string>,
  answer: T,
  row: OutboxRow,
): Promise<void> {
  const others = await db.outbox
    .where('entityKey')
    .equals(row.entityKey)
    .filter((other) => other.id !== row.id)
    .count();
  if (others === 0) await table.put(answer);
}

/**
 * Replaces the local rows of `table` with the server's list, except rows with queued or failed writes:
 * those keep their local state (and are not removed) until their writes are sent or discarded.
 */
export async function mergeServerRows<T extends { id: string }>(
  db: LocalDb,
  table: Table<T, string>,
  serverRows: readonly T[],
): Promise<void> {
  await db.transaction('rw', table, db.outbox, async () => {
    const queued = await entityKeysWithQueuedWrites(db);
    const isQueued = (id: string) => queued.has(entityKey(table.name, id));
    const serverIds = new Set(serverRows.map((row) => row.id));
    const localIds = (await table.toCollection().primaryKeys()).map(String);
    const gone = localIds.filter((id) => !serverIds.has(id) && !isQueued(id));
    await table.bulkDelete(gone);
    await table.bulkPut(serverRows.filter((row) => !isQueued(row.id)));
  });
}

/** Writes one row the server pushed, unless it has queued or failed writes (its local state wins until sent). */
export async function putServerRow<T extends { id: string }>(
  db: LocalDb,
  table: Table<T, string>,
  serverRow: T,
): Promise<void> {
  await db.transaction('rw', table, db.outbox, async () => {
    const queued = await entityKeysWithQueuedWrites(db);
    if (!queued.has(entityKey(table.name, serverRow.id))) await table.put(serverRow);
  });
}
