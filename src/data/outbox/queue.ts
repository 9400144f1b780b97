import type { LocalDb } from '../db';
import type { OutboxRow } from '../types';
import type { OutboxOp, OutboxOpRegistry } from './registry';

/** `<table>:<id>`: which local row a queued write belongs to. */
export function entityKey(table: string, id: string): string {
  return `${table}:${id}`;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after a transaction that appended a row committed (the page flushes and registers a sync). */
export function onOutboxAppended(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyOutboxAppended(): void {
  for (const listener of listeners) listener();
}

/**
 * Appends a write to the outbox. Call it inside the Dexie transaction (over `db.outbox` and the entity's
 * table) that applies the same change locally, so both happen or neither does.
 */
export async function appendOutboxRow<TVariables extends Record<string, unknown>>(
  db: LocalDb,
  op: OutboxOp<TVariables>,
  payload: TVariables,
  key: string,
  now: number = Date.now(),
): Promise<OutboxRow> {
  const last = await db.outbox.orderBy('seq').last();
  const row: OutboxRow = {
    id: crypto.randomUUID(),
    seq: (last?.seq ?? 0) + 1,
    op: op.name,
    payload,
    entityKey: key,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    status: 'pending',
    lastError: null,
  };
  await db.outbox.add(row);
  return row;
}

/** Entity keys with queued or failed writes: server refreshes must not overwrite these local rows. */
export async function entityKeysWithQueuedWrites(db: LocalDb): Promise<Set<string>> {
  const keys = await db.outbox.orderBy('entityKey').uniqueKeys();
  return new Set(keys.map(String));
}

/** Queued rows in sending order. */
export function outboxRows(db: LocalDb): Promise<OutboxRow[]> {
  return db.outbox.orderBy('seq').toArray();
}

/** Puts a failed row back in the queue at its original place, to be sent at once. */
export async function retryOutboxRow(db: LocalDb, id: string, now: number = Date.now()): Promise<void> {
  await db.outbox.update(id, { status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null });
  notifyOutboxAppended();
}

/** Drops a failed row and undoes its local change where the operation knows how. */
export async function discardOutboxRow(db: LocalDb, ops: OutboxOpRegistry, id: string): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const row = await db.outbox.get(id);
    if (!row) return;
    await db.outbox.delete(id);
    await ops.get(row.op)?.revert(db, row);
  });
}
