import type { Queryable } from '../../db/client';

/**
 * The client under a drizzle database or transaction: drizzle keeps it as its session's client (a PGlite handle, a pg
 * client or pool, or the QueuedConnection of ./queuedTransaction.ts). Unknown: the caller checks what it is.
 */
export function sessionClientOf(db: Queryable): unknown {
  return (db as unknown as { session?: { client?: unknown } }).session?.client;
}
