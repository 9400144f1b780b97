import { liveQuery } from 'dexie';
import type { LocalDb } from '../db';

/**
 * What became of one queued write: it reached the server (the row is gone), the server refused it for good, or
 * (only when asked) a try failed for a passing reason (offline, server unreachable) and it waits to be sent again.
 */
export type OutboxRowOutcome = { kind: 'sent' } | { kind: 'failed'; error: string } | { kind: 'waiting' };

/**
 * Resolves when the outbox row `id` was sent (deleted by the flusher, or discarded) or set aside as failed; with
 * `untilRetry`, also as soon as a try of it failed for a passing reason. A screen that wants the server's verdict
 * while online (field errors at their fields) awaits it; offline, `untilRetry` says the write waits on the device.
 */
export function outboxRowOutcome(
  db: LocalDb,
  id: string,
  { untilRetry = false }: { untilRetry?: boolean } = {},
): Promise<OutboxRowOutcome> {
  return new Promise((resolve, reject) => {
    const subscription = liveQuery(() => db.outbox.get(id)).subscribe({
      next: (row) => {
        const retried = row?.status === 'pending' && row.attempts > 0;
        if (row && row.status !== 'failed' && !(untilRetry && retried)) return;
        subscription.unsubscribe();
        if (!row) resolve({ kind: 'sent' });
        else if (row.status === 'failed') resolve({ kind: 'failed', error: row.lastError ?? 'The server refused this change.' });
        else resolve({ kind: 'waiting' });
      },
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}
