/**
 * Strategies on this device (issue 13 point 8): the user's strategies with their latest backtest's metrics (fields
 * of the strategy), cached from the server's answers for offline reading; creating or editing one is a local write
 * plus an outbox row (the same path online, where the outbox flushes at once).
 *
 * - Ids: the server picks a strategy's id (CreateStrategyInput has none), so a strategy created here gets a local id
 *   (`local-<uuid>`, never sent). When its `strategy.create` row lands, `apply` replaces the local row by the server's
 *   answer under the server's id, moves the strategy's later queued rows (their `id` variable and entity key) to that
 *   id, and records local id → server id (`strategyServerId`) so a screen still showing the local id can follow.
 * - Edits: `updateStrategy` applies the edited fields locally; the version stays the server's (it decides whether
 *   the definition changed) until the answer lands.
 * - Activation and deletion trade or cancel orders: never queued, online only (src/features/strategies/mutations.ts).
 */
import {
  CreateStrategyDocument,
  UpdateStrategyDocument,
  type CreateStrategyInput,
  type StrategyFieldsFragment,
  type UpdateStrategyInput,
} from '../graphql/generated/graphql';
import type { LocalDb } from './db';
import { appendOutboxRow, entityKey, notifyOutboxAppended } from './outbox/queue';
import { defineOutboxOp } from './outbox/registry';
import { mergeServerRows, putAnswer, putServerRow } from './serverRows';
import type { OutboxRow } from './types';

/** A strategy as the device holds it: the server's fields, and the definition (`code`) once a screen read it. */
export type LocalStrategy = StrategyFieldsFragment & { code?: string | null };

const TABLE = 'strategies';
const LOCAL_ID_PREFIX = 'local-';
const SERVER_ID_KEY = 'strategyServerId:';

/** Whether `id` is one this device made for a strategy the server has not stored yet. */
export function isLocalStrategyId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

/** The strategy id a queued row belongs to (from its `strategies:<id>` entity key). */
function rowStrategyId(row: OutboxRow): string {
  return row.entityKey.slice(TABLE.length + 1);
}

/** The created strategy's local row becomes `answer` (server id); its later queued rows follow the new id. */
async function landCreated(db: LocalDb, answer: LocalStrategy, row: OutboxRow): Promise<void> {
  const localId = rowStrategyId(row);
  const later = await db.outbox
    .where('entityKey')
    .equals(row.entityKey)
    .filter((other) => other.id !== row.id)
    .toArray();
  const local = await db.strategies.get(localId);
  await db.strategies.delete(localId);
  // Later edits still wait: keep their local state (under the server's id) until they land too.
  await db.strategies.put(later.length > 0 && local ? { ...local, id: answer.id } : answer);
  const key = entityKey(TABLE, answer.id);
  for (const other of later) {
    await db.outbox.update(other.id, { entityKey: key, payload: { ...other.payload, id: answer.id } });
  }
  await db.meta.put({ key: SERVER_ID_KEY + localId, value: answer.id });
}

export const strategyOps = {
  create: defineOutboxOp('strategy.create', {
    document: CreateStrategyDocument,
    apply: (db, data, row) => landCreated(db, data.createStrategy, row),
    // A strategy the server never accepted: remove the local copy and the edits queued after it.
    revert: async (db, row) => {
      await db.strategies.delete(rowStrategyId(row));
      await db.outbox.where('entityKey').equals(row.entityKey).delete();
    },
  }),
  update: defineOutboxOp('strategy.update', {
    document: UpdateStrategyDocument,
    apply: (db, data, row) => putAnswer(db, db.strategies, data.updateStrategy, row),
  }),
};

/** Applies `change` to the local strategy and queues `enqueue` in the same transaction; the outbox row's id. */
async function writeStrategy(
  db: LocalDb,
  id: string,
  change: (current: LocalStrategy | undefined) => LocalStrategy | null,
  enqueue: () => Promise<OutboxRow>,
): Promise<string> {
  const row = await db.transaction('rw', db.strategies, db.outbox, async () => {
    const next = change(await db.strategies.get(id));
    if (!next) throw new Error(`Strategy ${id} is not on this device`);
    await db.strategies.put(next);
    return enqueue();
  });
  notifyOutboxAppended();
  return row.id;
}

/** Symbols in the order the server stores them (src/domain/strategies/validation.ts), so nothing moves when it lands. */
function sortedSymbols(symbols: readonly string[]): string[] {
  return [...symbols].sort();
}

/** A queued write: the strategy's id on this device and the outbox row to follow (see `outboxRowOutcome`). */
export interface QueuedStrategyWrite {
  strategyId: string;
  outboxRowId: string;
}

/** What the local row of a new strategy takes from its template until the server answers. */
export type StrategyTemplateTraits = Pick<LocalStrategy, 'category' | 'riskLevel' | 'timeHorizon'>;

/**
 * Creates a strategy on this device (local id) and queues createStrategy (offline too). `template`: the traits of
 * `input.templateId` (passed by the caller, so the outbox, loaded at startup, does not carry the template library).
 */
export async function createStrategy(
  db: LocalDb,
  input: CreateStrategyInput,
  template?: StrategyTemplateTraits,
): Promise<QueuedStrategyWrite> {
  const id = LOCAL_ID_PREFIX + crypto.randomUUID();
  const at = new Date().toISOString();
  const local: LocalStrategy = {
    id,
    name: input.name,
    description: input.description ?? '',
    category: template?.category ?? 'custom',
    templateId: input.templateId ?? null,
    parameters: input.parameters ?? null,
    symbols: sortedSymbols(input.symbols ?? ['SPY']),
    interval: input.interval ?? '1D',
    version: 1,
    isActive: false,
    createdAt: at,
    updatedAt: at,
    riskLevel: input.riskLevel ?? template?.riskLevel ?? 'medium',
    timeHorizon: input.timeHorizon ?? template?.timeHorizon ?? 'medium',
    performance: null,
    code: input.code ?? null,
  };
  const outboxRowId = await writeStrategy(
    db,
    id,
    () => local,
    () => appendOutboxRow(db, strategyOps.create, { input }, entityKey(TABLE, id)),
  );
  return { strategyId: id, outboxRowId };
}

/** The edited fields of `input` applied to `current` (absent fields unchanged). */
function edited(current: LocalStrategy, input: UpdateStrategyInput): LocalStrategy {
  const next: LocalStrategy = { ...current, updatedAt: new Date().toISOString() };
  if (input.name != null) next.name = input.name;
  if (input.description != null) next.description = input.description;
  if (input.templateId !== undefined) next.templateId = input.templateId;
  if (input.parameters !== undefined) next.parameters = input.parameters;
  if (input.symbols != null) next.symbols = sortedSymbols(input.symbols);
  if (input.interval !== undefined) next.interval = input.interval;
  if (input.riskLevel != null) next.riskLevel = input.riskLevel;
  if (input.timeHorizon != null) next.timeHorizon = input.timeHorizon;
  if (input.code !== undefined) next.code = input.code;
  return next;
}

/** Applies an edit on the device and queues updateStrategy (offline too, like create). */
export async function updateStrategy(
  db: LocalDb,
  id: string,
  input: UpdateStrategyInput,
  /** The strategy as the screen shows it, when this device has not cached it yet. */
  shown?: LocalStrategy,
): Promise<QueuedStrategyWrite> {
  const outboxRowId = await writeStrategy(
    db,
    id,
    (current) => {
      const base = current ?? shown;
      return base ? edited(base, input) : null;
    },
    () => appendOutboxRow(db, strategyOps.update, { id, input }, entityKey(TABLE, id)),
  );
  return { strategyId: id, outboxRowId };
}

/** The server's id of a strategy created on this device (its own id when it is already the server's). */
export async function strategyServerId(db: LocalDb, id: string): Promise<string | null> {
  if (!isLocalStrategyId(id)) return id;
  const row = await db.meta.get(SERVER_ID_KEY + id);
  return typeof row?.value === 'string' ? row.value : null;
}

/** Where a strategy's changes are: waiting on this device, or refused by the server (its words). */
export type StrategySync = { state: 'pending' } | { state: 'failed'; error: string };

/** Strategy id → the state of its queued writes (a refused one wins); strategies not listed are synced. */
export async function strategySyncStates(db: LocalDb): Promise<Map<string, StrategySync>> {
  const rows = await db.outbox
    .where('entityKey')
    .startsWith(`${TABLE}:`)
    .toArray();
  const states = new Map<string, StrategySync>();
  for (const row of rows) {
    const id = rowStrategyId(row);
    if (row.status === 'failed') states.set(id, { state: 'failed', error: row.lastError ?? 'Refused by the server.' });
    else if (!states.has(id)) states.set(id, { state: 'pending' });
  }
  return states;
}

/** Newest first, like the server's list. */
export function localStrategies(db: LocalDb): Promise<LocalStrategy[]> {
  return db.strategies.orderBy('createdAt').reverse().toArray();
}

export function localStrategy(db: LocalDb, id: string): Promise<LocalStrategy | undefined> {
  return db.strategies.get(id);
}

/** Writes the server's (unfiltered) list into Dexie; strategies with queued or failed writes keep their local state. */
export function storeServerStrategies(db: LocalDb, strategies: readonly LocalStrategy[]): Promise<void> {
  return mergeServerRows(db, db.strategies, strategies);
}

/** Stores one strategy the server answered (activation, a detail read), unless it has queued writes. */
export function storeServerStrategy(db: LocalDb, strategy: LocalStrategy): Promise<void> {
  return putServerRow(db, db.strategies, strategy);
}

/** Forgets a strategy the server deleted. */
export async function forgetStrategy(db: LocalDb, id: string): Promise<void> {
  await db.strategies.delete(id);
}
