import { liveQuery } from 'dexie';
import type { LocalDb } from '../db';
import type { OutboxRow } from '../types';

/**
 * What became of one queued write: it reached the server (the row is gone), the server refused it for good, or
 * (only when asked) a try failed for a passing reason (offline, server unreachable) and it waits to be sent again.
 */
export type OutboxRowOutcome = { kind: 'sent' } | { kind: 'failed'; error: string } | { kind: 'waiting' };

/**
 * Resolves when the outbox row `id` was sent (deleted by the flusher, or discarded) or set aside as failed; with
 * `untilRetry`, also as soon as a try of it, or of a row ahead of it (the queue is FIFO), failed for a passing
 * reason. A screen that wants the server's verdict while online (field errors at their fields) awaits it; offline,
 * `untilRetry` says the write waits on the device.
 */
export function outboxRowOutcome(
  db: LocalDb,
  id: string,
  { untilRetry = false }: { untilRetry?: boolean } = {},
): Promise<OutboxRowOutcome> {
  return new Promise((resolve, reject) => {
    const subscription = liveQuery(() => rowAndQueue(db, id)).subscribe({
      next: ({ row, retried }) => {
        if (row && row.status !== 'failed' && !(untilRetry && retried)) return;
        subscription.unsubscribe();
        if (!row) resolve({ kind: 'sent' });
        else if (row.status === 'failed') resolve({ kind: 'failed', error: row.lastError ?? 'The server refused it.' });
        else resolve({ kind: 'waiting' });
      },
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}

/** The row, and whether a try of it or of a row ahead of it in the queue failed for a passing reason. */
async function rowAndQueue(db: LocalDb, id: string): Promise<{ row: OutboxRow | undefined; retried: boolean }> {
  const row = await db.outbox.get(id);
  if (!row) return { row, retried: false };
  const ahead = await db.outbox
    .where('seq')
    .belowOrEqual(row.seq)
    .filter((other) => other.status === 'pending' && other.attempts > 0)
    .count();
  return { row, retried: ahead > 0 };
}
