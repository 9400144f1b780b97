import type { LocalDb } from '../db';
import type { OutboxRow } from '../types';
import { backoffDelay } from './backoff';
import { flushLock, type FlushLock } from './lock';
import { classifyResponse, type SendOutcome } from './outcome';
import type { OutboxOpRegistry } from './registry';

/** A transient server problem (GraphQL INTERNAL_SERVER_ERROR) is retried this often before the row is set aside. */
export const OUTBOX_MAX_TRANSIENT_ATTEMPTS = 10;

export interface OutboxFlusherOptions {
  db: LocalDb;
  ops: OutboxOpRegistry;
  /** Absolute URL of the GraphQL endpoint. */
  endpoint: string;
  fetch: typeof fetch;
  /** The bearer token to send (read fresh for every flush). */
  getToken(): Promise<string>;
  now?: () => number;
  random?: () => number;
  lock?: FlushLock;
}

export interface FlushResult {
  sent: number;
  /** Rows set aside as failed during this flush. */
  failed: number;
  /** Why sending stopped early, if it did. */
  stoppedBy: 'retry' | 'auth' | null;
  /** When the first waiting row may be tried again (null when nothing waits). */
  nextAttemptAt: number | null;
}

export interface FlushOptions {
  /** Send the head row now even if its backoff has not elapsed (the connection just came back). */
  ignoreBackoff?: boolean;
}

export interface OutboxFlusher {
  flush(options?: FlushOptions): Promise<FlushResult>;
}

async function headRow(db: LocalDb): Promise<OutboxRow | undefined> {
  return db.outbox
    .orderBy('seq')
    .filter((row) => row.status === 'pending')
    .first();
}

/**
 * The one outbox sender: rows go out in FIFO order with their id as `Idempotency-Key`; a retryable failure
 * stops the flush and backs the row off; a permanent one sets it aside as `failed`; a success writes the
 * server's answer into Dexie and deletes the row (both in one transaction). Usable from the page, the
 * service worker and node: fetch, endpoint and token come from the caller.
 */
export function createOutboxFlusher(options: OutboxFlusherOptions): OutboxFlusher {
  const { db, ops, endpoint } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const lock = options.lock ?? flushLock;

  async function send(row: OutboxRow, query: string, token: string): Promise<SendOutcome> {
    let response: Response;
    try {
      response = await options.fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': row.id,
        },
        body: JSON.stringify({ query, variables: row.payload }),
      });
    } catch (error) {
      return { kind: 'retry', error: error instanceof Error ? error.message : 'Network error', limited: false };
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return classifyResponse(response.status, body);
  }

  async function backOff(row: OutboxRow, error: string): Promise<number> {
    const attempts = row.attempts + 1;
    const nextAttemptAt = now() + backoffDelay(attempts, random);
    await db.outbox.update(row.id, { attempts, nextAttemptAt, lastError: error });
    return nextAttemptAt;
  }

  async function setAside(row: OutboxRow, error: string): Promise<void> {
    await db.outbox.update(row.id, { status: 'failed', attempts: row.attempts + 1, lastError: error });
  }

  async function flushLocked(flushOptions: FlushOptions): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, failed: 0, stoppedBy: null, nextAttemptAt: null };
    let ignoreBackoff = flushOptions.ignoreBackoff ?? false;
    for (;;) {
      const row = await headRow(db);
      if (!row) return result;
      if (!ignoreBackoff && row.nextAttemptAt > now()) {
        return { ...result, stoppedBy: 'retry', nextAttemptAt: row.nextAttemptAt };
      }
      ignoreBackoff = false;
      const op = ops.get(row.op);
      if (!op) {
        await setAside(row, `Unknown operation "${row.op}"`);
        result.failed += 1;
        continue;
      }
      const outcome = await send(row, op.query, await options.getToken());
      if (outcome.kind === 'ok') {
        await db.transaction('rw', db.tables, async () => {
          await op.apply(db, outcome.data, row);
          await db.outbox.delete(row.id);
        });
        result.sent += 1;
      } else if (outcome.kind === 'permanent') {
        await setAside(row, outcome.error);
        result.failed += 1;
      } else if (outcome.kind === 'retry' && outcome.limited && row.attempts + 1 >= OUTBOX_MAX_TRANSIENT_ATTEMPTS) {
        await setAside(row, outcome.error);
        result.failed += 1;
      } else {
        const nextAttemptAt = await backOff(row, outcome.error);
        return { ...result, stoppedBy: outcome.kind, nextAttemptAt };
      }
    }
  }

  return {
    flush: (flushOptions = {}) => lock(() => flushLocked(flushOptions)),
  };
}

