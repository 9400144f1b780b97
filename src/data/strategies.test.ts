import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from './db';
import { OUTBOX_OPS } from './outbox/ops';
import { discardOutboxRow, outboxRows } from './outbox/queue';
import { outboxRowOutcome } from './outbox/rowOutcome';
import {
  createStrategy,
  isLocalStrategyId,
  localStrategies,
  storeServerStrategies,
  strategyServerId,
  strategySyncStates,
  updateStrategy,
  type LocalStrategy,
} from './strategies';
import type { OutboxRow } from './types';

const freshDb = () => openLocalDb(`strategies-${crypto.randomUUID()}`);

const TRAITS = { category: 'trend', riskLevel: 'medium', timeHorizon: 'medium' } as const;
const INPUT = { name: 'SPY trend', templateId: 'sma-crossover', parameters: { fast: 10, slow: 30 }, symbols: ['SPY'] };

/** The server's answer to a create: its own id, version 1. */
function serverStrategy(overrides: Partial<LocalStrategy> = {}): LocalStrategy {
  return {
    id: crypto.randomUUID(),
    name: 'SPY trend',
    description: '',
    templateId: 'sma-crossover',
    parameters: { fast: 10, slow: 30 },
    symbols: ['SPY'],
    interval: '1D',
    version: 1,
    isActive: false,
    createdAt: '2026-11-24T00:00:00.000Z',
    updatedAt: '2026-11-24T00:00:00.000Z',
    performance: null,
    ...TRAITS,
    ...overrides,
  };
}

/** Lands `row` with the server's `data` exactly as the flusher does: apply and delete in one transaction. */
async function land(db: LocalDb, row: OutboxRow, data: unknown): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await OUTBOX_OPS.get(row.op)!.apply(db, data, row);
    await db.outbox.delete(row.id);
  });
}

describe('strategies on this device (issue 13 point 8: offline create and edit through the outbox)', () => {
  it('create: one local row under a local id and one createStrategy row, in the same write', async () => {
    const db = freshDb();
    const { strategyId, outboxRowId } = await createStrategy(db, INPUT, TRAITS);

    expect(isLocalStrategyId(strategyId)).toBe(true);
    expect(await localStrategies(db)).toEqual([
      expect.objectContaining({ id: strategyId, name: 'SPY trend', version: 1, category: 'trend', isActive: false }),
    ]);
    const rows = await outboxRows(db);
    expect(rows).toEqual([
      expect.objectContaining({
        id: outboxRowId,
        op: 'strategy.create',
        payload: { input: INPUT },
        entityKey: `strategies:${strategyId}`,
      }),
    ]);
    expect(OUTBOX_OPS.get('strategy.create')?.query).toContain('createStrategy(input: $input)');
  });

  it("the server's answer replaces the local id, and an edit queued meanwhile follows the server's id", async () => {
    const db = freshDb();
    const { strategyId: localId } = await createStrategy(db, INPUT, TRAITS);
    await updateStrategy(db, localId, { parameters: { fast: 12, slow: 30 } });
    const [createRow, updateRow] = await outboxRows(db);
    const answer = serverStrategy();

    await land(db, createRow!, { createStrategy: answer });

    expect(await strategyServerId(db, localId)).toBe(answer.id);
    const [stored] = await localStrategies(db);
    // The edit still waits: its local state stays, under the server's id.
    expect(stored).toMatchObject({ id: answer.id, parameters: { fast: 12, slow: 30 } });
    expect(await db.strategies.get(localId)).toBeUndefined();
    expect(await outboxRows(db)).toEqual([
      expect.objectContaining({
        id: updateRow!.id,
        entityKey: `strategies:${answer.id}`,
        payload: { id: answer.id, input: { parameters: { fast: 12, slow: 30 } } },
      }),
    ]);

    const edited = serverStrategy({ id: answer.id, parameters: { fast: 12, slow: 30 }, version: 2 });
    const [movedUpdate] = await outboxRows(db);
    await land(db, movedUpdate!, { updateStrategy: { ...edited, code: '{}' } });
    expect(await localStrategies(db)).toEqual([expect.objectContaining({ id: answer.id, version: 2 })]);
  });

  it('revert (a failed create discarded) removes the local strategy and the edits queued after it', async () => {
    const db = freshDb();
    const { strategyId, outboxRowId } = await createStrategy(db, INPUT, TRAITS);
    await updateStrategy(db, strategyId, { name: 'Renamed' });
    const other = await createStrategy(db, { ...INPUT, name: 'Other' }, TRAITS);
    await db.outbox.update(outboxRowId, { status: 'failed', lastError: 'name: Enter a name' });

    await discardOutboxRow(db, OUTBOX_OPS, outboxRowId);

    expect((await localStrategies(db)).map((s) => s.id)).toEqual([other.strategyId]);
    expect((await outboxRows(db)).map((row) => row.entityKey)).toEqual([`strategies:${other.strategyId}`]);
  });

  it('update offline applies the edited fields locally (symbols sorted as the server stores them, version stays the server’s) and queues updateStrategy', async () => {
    const db = freshDb();
    const stored = serverStrategy({ version: 3 });
    await storeServerStrategies(db, [stored]);

    await updateStrategy(db, stored.id, { parameters: { fast: 5, slow: 50 }, symbols: ['SPY', 'QQQ'] });

    expect(await db.strategies.get(stored.id)).toMatchObject({
      name: 'SPY trend',
      parameters: { fast: 5, slow: 50 },
      symbols: ['QQQ', 'SPY'],
      version: 3,
    });
    expect(await outboxRows(db)).toEqual([
      expect.objectContaining({
        op: 'strategy.update',
        payload: { id: stored.id, input: { parameters: { fast: 5, slow: 50 }, symbols: ['SPY', 'QQQ'] } },
      }),
    ]);
    // A server refresh meanwhile leaves the edited strategy as it is on this device.
    await storeServerStrategies(db, [stored]);
    expect(await db.strategies.get(stored.id)).toMatchObject({ parameters: { fast: 5, slow: 50 } });
  });

  it('an edit of a strategy this device never cached starts from what the screen shows; none at all is refused', async () => {
    const db = freshDb();
    const shown = serverStrategy();
    await updateStrategy(db, shown.id, { name: 'Renamed' }, shown);
    expect(await db.strategies.get(shown.id)).toMatchObject({ name: 'Renamed', symbols: ['SPY'] });

    await expect(updateStrategy(db, crypto.randomUUID(), { name: 'X' })).rejects.toThrow('is not on this device');
    expect(await outboxRows(db)).toHaveLength(1);
  });

  it('sync states: a strategy with queued writes is pending, one with a refused write shows the refusal', async () => {
    const db = freshDb();
    const refused = await createStrategy(db, INPUT, TRAITS);
    await updateStrategy(db, refused.strategyId, { name: 'Renamed' });
    const waiting = await createStrategy(db, { ...INPUT, name: 'Waiting' }, TRAITS);
    await db.outbox.update(refused.outboxRowId, { status: 'failed', lastError: 'parameters.slow: Must be greater' });

    expect(await strategySyncStates(db)).toEqual(
      new Map([
        [refused.strategyId, { state: 'failed', error: 'parameters.slow: Must be greater' }],
        [waiting.strategyId, { state: 'pending' }],
      ]),
    );
  });

  it('outboxRowOutcome: sent when the row lands, failed with the server’s words when it is set aside', async () => {
    const db = freshDb();
    const first = await createStrategy(db, INPUT, TRAITS);
    const second = await createStrategy(db, { ...INPUT, name: 'Second' }, TRAITS);
    const sent = outboxRowOutcome(db, first.outboxRowId);
    const failed = outboxRowOutcome(db, second.outboxRowId);

    await land(db, (await db.outbox.get(first.outboxRowId))!, { createStrategy: serverStrategy() });
    await db.outbox.update(second.outboxRowId, { status: 'failed', lastError: 'parameters.fast: At most 200' });

    expect(await sent).toEqual({ kind: 'sent' });
    expect(await failed).toEqual({ kind: 'failed', error: 'parameters.fast: At most 200' });
  });

  it('outboxRowOutcome untilRetry: a try that failed for a passing reason (offline) says the write waits', async () => {
    const db = freshDb();
    const { outboxRowId } = await createStrategy(db, INPUT, TRAITS);
    const waiting = outboxRowOutcome(db, outboxRowId, { untilRetry: true });
    await db.outbox.update(outboxRowId, { attempts: 1, lastError: 'Failed to fetch' });
    expect(await waiting).toEqual({ kind: 'waiting' });
    expect(await db.outbox.get(outboxRowId)).toMatchObject({ status: 'pending' });

    // A later write waits behind it without being tried itself.
    const later = await createStrategy(db, { ...INPUT, name: 'Later' }, TRAITS);
    expect(await outboxRowOutcome(db, later.outboxRowId, { untilRetry: true })).toEqual({ kind: 'waiting' });
  });
});
