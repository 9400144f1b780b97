/**
 * Saved Custom reports templates on this device (issue 15 point 6): the server's list cached for offline reading;
 * creating, renaming, redefining or deleting one is a local write plus an outbox row (the same path online, where the
 * outbox flushes at once).
 *
 * - Ids: the client picks a template's id (a UUID, `createReportTemplate(id:)`), so nothing moves when it lands and a
 *   replayed create returns the first.
 * - Schedules e-mail from the server at a set time: setting or removing one is online only and never queued
 *   (src/features/reports/mutations.ts); its answer is stored into the template's row here.
 * - A refused create, discarded: the local template and the writes queued after it go.
 */
import {
  CreateReportTemplateDocument,
  DeleteReportTemplateDocument,
  UpdateReportTemplateDocument,
  type ReportDefinitionInput,
  type ReportScheduleFieldsFragment,
  type ReportTemplateFieldsFragment,
} from '../graphql/generated/graphql';
import type { LocalDb } from './db';
import { appendOutboxRow, entityKey, notifyOutboxAppended } from './outbox/queue';
import { defineOutboxOp } from './outbox/registry';
import { mergeServerRows, putAnswer, putServerRow } from './serverRows';

/** A saved Custom reports template as the device holds it (the server's shape, local edits applied). */
export type LocalReportTemplate = ReportTemplateFieldsFragment;
export type LocalReportDefinition = LocalReportTemplate['definition'];

const TABLE = 'reportTemplates';

/** The definition as the server will store it (absent fields null, the benchmark defaulting to INDEX). */
function storedDefinition(input: ReportDefinitionInput): LocalReportDefinition {
  return {
    sections: [...input.sections],
    preset: input.preset ?? null,
    start: input.start ?? null,
    end: input.end ?? null,
    benchmark: input.benchmark ?? 'INDEX',
  };
}

export const reportTemplateOps = {
  create: defineOutboxOp('reportTemplate.create', {
    document: CreateReportTemplateDocument,
    apply: (db, data, row) => putAnswer(db, db.reportTemplates, data.createReportTemplate, row),
    // A template the server never accepted: remove the local copy and the edits queued after it.
    revert: async (db, row) => {
      const { id } = row.payload;
      if (typeof id === 'string') await db.reportTemplates.delete(id);
      await db.outbox.where('entityKey').equals(row.entityKey).delete();
    },
  }),
  update: defineOutboxOp('reportTemplate.update', {
    document: UpdateReportTemplateDocument,
    apply: (db, data, row) => putAnswer(db, db.reportTemplates, data.updateReportTemplate, row),
  }),
  delete: defineOutboxOp('reportTemplate.delete', { document: DeleteReportTemplateDocument }),
};

/** Applies `change` to the local template (null: removes it) and queues `enqueue` in the same transaction. */
async function writeTemplate(
  db: LocalDb,
  id: string,
  change: (current: LocalReportTemplate | undefined) => LocalReportTemplate | null,
  enqueue: () => Promise<unknown>,
): Promise<void> {
  await db.transaction('rw', db.reportTemplates, db.outbox, async () => {
    const next = change(await db.reportTemplates.get(id));
    if (next) await db.reportTemplates.put(next);
    else await db.reportTemplates.delete(id);
    await enqueue();
  });
  notifyOutboxAppended();
}

/** Saves a new template on this device and queues createReportTemplate (offline too); its id. */
export async function createReportTemplate(
  db: LocalDb,
  name: string,
  definition: ReportDefinitionInput,
): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  const template: LocalReportTemplate = {
    id,
    name: name.trim(),
    definition: storedDefinition(definition),
    schedule: null,
    createdAt: at,
    updatedAt: at,
  };
  await writeTemplate(
    db,
    id,
    () => template,
    () =>
      appendOutboxRow(db, reportTemplateOps.create, { id, name: template.name, definition }, entityKey(TABLE, id)),
  );
  return id;
}

/** Renames and/or redefines a template on this device and queues updateReportTemplate. */
export async function updateReportTemplate(
  db: LocalDb,
  id: string,
  change: { name?: string; definition?: ReportDefinitionInput },
): Promise<void> {
  const name = change.name?.trim();
  await writeTemplate(
    db,
    id,
    (current) =>
      current
        ? {
            ...current,
            name: name ?? current.name,
            definition: change.definition ? storedDefinition(change.definition) : current.definition,
            updatedAt: new Date().toISOString(),
          }
        : null,
    () =>
      appendOutboxRow(
        db,
        reportTemplateOps.update,
        { id, ...(name === undefined ? {} : { name }), ...(change.definition ? { definition: change.definition } : {}) },
        entityKey(TABLE, id),
      ),
  );
}

/** Removes a template from this device and queues deleteReportTemplate (its schedule goes with it). */
export async function deleteReportTemplate(db: LocalDb, id: string): Promise<void> {
  await writeTemplate(
    db,
    id,
    () => null,
    () => appendOutboxRow(db, reportTemplateOps.delete, { id }, entityKey(TABLE, id)),
  );
}

/** Newest first, like the server's list. */
export function localReportTemplates(db: LocalDb): Promise<LocalReportTemplate[]> {
  return db.reportTemplates.orderBy('createdAt').reverse().toArray();
}

/** Writes the server's list into Dexie; templates with queued or failed writes keep their local state. */
export function storeServerReportTemplates(db: LocalDb, templates: readonly LocalReportTemplate[]): Promise<void> {
  return mergeServerRows(db, db.reportTemplates, templates);
}

/** A schedule the server set (or removed: null) stored into its template's row. */
export async function storeReportSchedule(
  db: LocalDb,
  templateId: string,
  schedule: ReportScheduleFieldsFragment | null,
): Promise<void> {
  const current = await db.reportTemplates.get(templateId);
  if (current) await putServerRow(db, db.reportTemplates, { ...current, schedule });
}

/** Template ids with writes not sent yet ('pending') or refused by the server (its words). */
export async function reportTemplateSyncStates(db: LocalDb): Promise<Map<string, TemplateSync>> {
  const rows = await db.outbox.where('entityKey').startsWith(`${TABLE}:`).toArray();
  const states = new Map<string, TemplateSync>();
  for (const row of rows) {
    const id = row.entityKey.slice(TABLE.length + 1);
    if (row.status === 'failed') states.set(id, { state: 'failed', error: row.lastError ?? 'Refused by the server.' });
    else if (!states.has(id)) states.set(id, { state: 'pending' });
  }
  return states;
}

export type TemplateSync = { state: 'pending' } | { state: 'failed'; error: string };
