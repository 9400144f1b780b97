import type { TypedDocumentString } from '../../graphql/generated/graphql';
import type { LocalDb } from '../db';
import type { OutboxRow } from '../types';

/** How one kind of queued write is sent and how its answer lands in the local database. */
export interface OutboxOp<TVariables extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  /** The GraphQL text sent to the server. */
  query: string;
  /** Writes the server's answer (`data`) into Dexie; runs in a read-write transaction over every table. */
  apply(db: LocalDb, data: unknown, row: OutboxRow): Promise<void>;
  /** Undoes the local optimistic change when the user discards a failed row (where that is possible). */
  revert(db: LocalDb, row: OutboxRow): Promise<void>;
  /** Only for typing `queueWrite` calls. */
  readonly variables?: TVariables;
}

interface OpDefinition<TResult, TVariables> {
  apply?(db: LocalDb, data: TResult, row: OutboxRow): Promise<void>;
  revert?(db: LocalDb, row: OutboxRow): Promise<void>;
  /** The operation's text; its types give TResult and TVariables. */
  document: TypedDocumentString<TResult, TVariables>;
}

/** Declares an operation from its typed document (src/features/<area>/*.graphql). */
export function defineOutboxOp<TResult, TVariables extends Record<string, unknown>>(
  name: string,
  definition: OpDefinition<TResult, TVariables>,
): OutboxOp<TVariables> {
  return {
    name,
    query: definition.document.toString(),
    // The answer comes from the server for exactly this document, so it has the document's result type.
    apply: (db, data, row) => definition.apply?.(db, data as TResult, row) ?? Promise.resolve(),
    revert: (db, row) => definition.revert?.(db, row) ?? Promise.resolve(),
  };
}

/** Operation name → definition. Areas add theirs to OUTBOX_OPS (outbox/ops.ts). */
export type OutboxOpRegistry = ReadonlyMap<string, OutboxOp>;

export function createOpRegistry(...groups: readonly (readonly OutboxOp[])[]): OutboxOpRegistry {
  const registry = new Map<string, OutboxOp>();
  for (const op of groups.flat()) {
    if (registry.has(op.name)) throw new Error(`outbox op "${op.name}" is defined twice`);
    registry.set(op.name, op);
  }
  return registry;
}
