import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError, badUserInput } from '../errors';

/** Longest Idempotency-Key accepted. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;
/** Keys older than this may be purged (purgeIdempotencyKeys); a replay after that runs again. */
export const IDEMPOTENCY_KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The transaction handle a write runs in. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Visible printable ASCII, 1–100 characters (a UUID from the outbox, or any opaque token). */
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The header's value as a key: null when absent or empty; BAD_USER_INPUT when malformed. */
export function parseIdempotencyKey(value: string | null | undefined): string | null {
  const key = value?.trim() ?? '';
  if (key === '') return null;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !KEY_PATTERN.test(key)) {
    throw badUserInput(
      `Idempotency-Key: expected 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters (a UUID)`,
    );
  }
  return key;
}

/** What a mutation receives besides its arguments: the user and the request's Idempotency-Key. */
export interface MutationCall {
  userId: string;
  idempotencyKey: string | null;
}

export interface IdempotentCall {
  userId: string;
  /** The header's key (already parsed), or null: the write simply runs in a transaction. */
  key: string | null;
  /** The mutation's name (e.g. "createWatchlist"): a key reused for another operation is refused. */
  operation: string;
}

/** Thrown inside the transaction when another request holds the key: rolls back, then the stored result is read. */
class KeyTaken extends Error {}

function reused(): AppError {
  return new AppError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different operation; send a new key.',
  );
}

async function storedResult<T>(db: Database, { userId, key, operation }: IdempotentCall & { key: string }) {
  const [row] = await db
    .select({ operation: idempotencyKeys.operation, result: idempotencyKeys.result })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return undefined;
  if (row.operation !== operation) throw reused();
  // The key row is written with its result in the same transaction, so a committed row always has one.
  return { value: row.result?.value as T };
}

/**
 * Runs `write` in one transaction together with the insert of the key row (user, key) and stores its
 * JSON result there. A replay (same user and key) returns the stored result without running `write`;
 * the same key for another operation is refused (`idempotency_key_reused`). Concurrent duplicates: the
 * key insert of the second waits for the first transaction (PostgreSQL row lock; PGlite runs one at a
 * time), finds the key taken, rolls back and returns the winner's result.
 * `write` must return JSON-serialisable data (dates as ISO strings).
 */
export async function withIdempotency<T>(
  db: Database,
  call: IdempotentCall,
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const { key } = call;
  if (key === null) return db.transaction(write);
  const keyed = { ...call, key };
  const earlier = await storedResult<T>(db, keyed);
  if (earlier) return earlier.value;
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ userId: call.userId, key, operation: call.operation })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 0) throw new KeyTaken();
      const result = await write(tx);
      await tx
        .update(idempotencyKeys)
        .set({ result: { value: result } })
        .where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, key)));
      return result;
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const winner = await storedResult<T>(db, keyed);
    if (!winner) throw new Error('idempotency key taken but no stored result');
    return winner.value;
  }
}

/** Deletes keys older than IDEMPOTENCY_KEY_TTL_MS; returns how many. Run it from any periodic job. */
export async function purgeIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** How often expired keys are purged while the server runs. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Purges expired keys once at start and then every hour (server/app.ts starts it); `stop()` waits for a
 * running purge so the database can close after it.
 */
export function scheduleIdempotencyPurge(
  db: Database,
  now: () => Date,
  log: { error(object: unknown, message: string): void },
) {
  let running: Promise<void> = Promise.resolve();
  const purge = () => {
    running = purgeIdempotencyKeys(db, now()).then(
      () => undefined,
      (error: unknown) => log.error({ err: error }, 'idempotency key purge failed'),
    );
  };
  purge();
  const timer = setInterval(purge, IDEMPOTENCY_PURGE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
