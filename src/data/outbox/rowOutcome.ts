import { liveQuery } from 'dexie';
import type { LocalDb } from '../db';

/** What became of one queued write: it reached the server (the row is gone), or the server refused it for good. */
export type OutboxRowOutcome = { kind: 'sent' } | { kind: 'failed'; error: string };

/**
 * Resolves when the outbox row `id` was sent (deleted by the flusher, or discarded) or set aside as failed. A row
 * waiting for the connection keeps the promise pending: a screen that wants the server's verdict while online
 * (field errors at their fields) awaits it, and simply stops listening when it goes away.
 */
export function outboxRowOutcome(db: LocalDb, id: string): Promise<OutboxRowOutcome> {
  return new Promise((resolve, reject) => {
    const subscription = liveQuery(() => db.outbox.get(id)).subscribe({
      next: (row) => {
        if (row && row.status !== 'failed') return;
        subscription.unsubscribe();
        resolve(row ? { kind: 'failed', error: row.lastError ?? 'The server refused this change.' } : { kind: 'sent' });
      },
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}
