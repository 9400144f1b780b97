import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from './db';
import { OUTBOX_OPS } from './outbox/ops';
import { discardOutboxRow, outboxRows } from './outbox/queue';
import {
  createReportTemplate,
  deleteReportTemplate,
  localReportTemplates,
  reportTemplateSyncStates,
  storeReportSchedule,
  storeServerReportTemplates,
  updateReportTemplate,
  type LocalReportTemplate,
} from './reportTemplates';
import type { OutboxRow } from './types';

const freshDb = () => openLocalDb(`report-templates-${crypto.randomUUID()}`);
const DEFINITION = { sections: ['SUMMARY' as const, 'RISK' as const], preset: 'YTD' as const };

/** Lands `row` with the server's `data` exactly as the flusher does: apply and delete in one transaction. */
async function land(db: LocalDb, row: OutboxRow, data: unknown): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await OUTBOX_OPS.get(row.op)!.apply(db, data, row);
    await db.outbox.delete(row.id);
  });
}

function serverTemplate(overrides: Partial<LocalReportTemplate> = {}): LocalReportTemplate {
  return {
    id: crypto.randomUUID(),
    name: 'Monthly review',
    definition: { sections: ['SUMMARY'], preset: 'ONE_MONTH', start: null, end: null, benchmark: 'INDEX' },
    schedule: null,
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

describe('report templates on this device (issue 15 point 6: offline through the outbox)', () => {
  it('create: the local template (client id, benchmark INDEX) and its createReportTemplate row in one write', async () => {
    const db = freshDb();
    const id = await createReportTemplate(db, '  Year so far ', DEFINITION);

    expect(await localReportTemplates(db)).toEqual([
      expect.objectContaining({
        id,
        name: 'Year so far',
        schedule: null,
        definition: { sections: ['SUMMARY', 'RISK'], preset: 'YTD', start: null, end: null, benchmark: 'INDEX' },
      }),
    ]);
    const rows = await outboxRows(db);
    expect(rows).toEqual([
      expect.objectContaining({
        op: 'reportTemplate.create',
        payload: { id, name: 'Year so far', definition: DEFINITION },
        entityKey: `reportTemplates:${id}`,
      }),
    ]);
    expect(OUTBOX_OPS.get('reportTemplate.create')?.query).toContain('createReportTemplate(id: $id');
    expect(await reportTemplateSyncStates(db)).toEqual(new Map([[id, { state: 'pending' }]]));
  });

  it("rename and redefine apply locally and queue one update each; the server's last answer lands", async () => {
    const db = freshDb();
    const id = await createReportTemplate(db, 'Draft', DEFINITION);
    await updateReportTemplate(db, id, { name: 'Risk review' });
    const redefined = { sections: ['RISK' as const], start: '2026-01-02', end: '2026-06-30', benchmark: 'SPY' };
    await updateReportTemplate(db, id, { definition: redefined });

    expect((await localReportTemplates(db))[0]).toMatchObject({
      name: 'Risk review',
      definition: { sections: ['RISK'], preset: null, start: '2026-01-02', end: '2026-06-30', benchmark: 'SPY' },
    });
    const [create, rename, redefine] = await outboxRows(db);
    expect(rename?.payload).toEqual({ id, name: 'Risk review' });
    expect(redefine?.payload).toEqual({ id, definition: redefined });

    // The create's answer waits while later edits are queued: the local state stays.
    await land(db, create!, { createReportTemplate: serverTemplate({ id, name: 'Draft' }) });
    expect((await localReportTemplates(db))[0]?.name).toBe('Risk review');
    await land(db, rename!, { updateReportTemplate: serverTemplate({ id, name: 'Risk review' }) });
    const last = serverTemplate({ id, name: 'Risk review', updatedAt: '2026-11-24T09:00:00.000Z' });
    await land(db, redefine!, { updateReportTemplate: last });
    expect(await localReportTemplates(db)).toEqual([last]);
    expect(await reportTemplateSyncStates(db)).toEqual(new Map());
  });

  it('delete removes the local row at once and queues deleteReportTemplate; a refresh does not bring it back', async () => {
    const db = freshDb();
    const stored = serverTemplate();
    await storeServerReportTemplates(db, [stored]);
    await deleteReportTemplate(db, stored.id);

    expect(await localReportTemplates(db)).toEqual([]);
    expect((await outboxRows(db)).map((row) => [row.op, row.payload])).toEqual([
      ['reportTemplate.delete', { id: stored.id }],
    ]);
    await storeServerReportTemplates(db, [stored]);
    expect(await localReportTemplates(db)).toEqual([]);
  });

  it('a refused create, discarded, removes the template and the edits queued after it', async () => {
    const db = freshDb();
    const id = await createReportTemplate(db, 'Refused', DEFINITION);
    await updateReportTemplate(db, id, { name: 'Renamed' });
    const other = await createReportTemplate(db, 'Other', DEFINITION);
    const [create] = await outboxRows(db);
    await db.outbox.update(create!.id, { status: 'failed', lastError: 'definition.start: not a date' });
    expect((await reportTemplateSyncStates(db)).get(id)).toEqual({
      state: 'failed',
      error: 'definition.start: not a date',
    });

    await discardOutboxRow(db, OUTBOX_OPS, create!.id);

    expect((await localReportTemplates(db)).map((template) => template.id)).toEqual([other]);
    expect((await outboxRows(db)).map((row) => row.entityKey)).toEqual([`reportTemplates:${other}`]);
  });

  it("a schedule the server set is stored into its template's row (and removed again)", async () => {
    const db = freshDb();
    const stored = serverTemplate();
    await storeServerReportTemplates(db, [stored]);
    const schedule = {
      id: 's1',
      templateId: stored.id,
      frequency: 'WEEKLY' as const,
      dayOfWeek: 1,
      dayOfMonth: null,
      time: '08:00',
      timezone: 'Europe/Paris',
      nextRunAt: '2026-11-30T07:00:00.000Z',
      lastSentAt: null,
    };
    await storeReportSchedule(db, stored.id, schedule);
    expect((await localReportTemplates(db))[0]?.schedule).toEqual(schedule);
    await storeReportSchedule(db, stored.id, null);
    expect((await localReportTemplates(db))[0]?.schedule).toBeNull();
  });
});
