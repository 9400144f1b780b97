/**
 * Report templates and their schedules (issue 15 points 6 and 7), every read and write scoped to the user.
 *
 * Rules:
 * - Names are 1–100 characters after trimming (`name`); at most MAX_REPORT_TEMPLATES templates per user (checked
 *   under a per-user advisory lock, so two concurrent creates cannot both pass on PostgreSQL).
 * - A create with a client id already stored for this user returns that template unchanged (a replay); the id of
 *   another user's template is refused (`id`).
 * - Another user's (or an unknown, or a malformed) template id is NOT_FOUND, except for a delete of an id that is
 *   gone (true: a replayed delete).
 * - Bad input writes nothing: every check runs before the transaction.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Instrument } from '../../../src/domain/market/universe';
import type { Database } from '../../db/client';
import { reportSchedules, reportTemplates, type StoredReportDefinition } from '../../db/schema';
import { badField, badUserInput, notFound } from '../errors';
import { withIdempotency, type MutationCall, type Transaction } from '../idempotency';
import { isUuid } from '../trading/ordersInput';
import { checkDefinition, type ReportDefinitionInput } from './definition';
import { scheduleModel, type ReportScheduleModel } from './schedules';

export const MAX_REPORT_TEMPLATES = 50;
export const MAX_TEMPLATE_NAME = 100;

export interface ReportTemplateModel {
  id: string;
  name: string;
  definition: StoredReportDefinition;
  schedule: ReportScheduleModel | null;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateDeps {
  db: Database;
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  now: () => Date;
}

type Row = typeof reportTemplates.$inferSelect;
const toModel = (row: Row, schedule: ReportScheduleModel | null): ReportTemplateModel => ({
  id: row.id,
  name: row.name,
  definition: row.definition,
  schedule,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const templateNotFound = () => notFound('Report template');

function parseName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length < 1 || name.length > MAX_TEMPLATE_NAME)
    throw badField('name', `name: 1 to ${MAX_TEMPLATE_NAME} characters`);
  return name;
}

/** The user's template row (locked for update in a transaction), else NOT_FOUND. */
export async function ownTemplate(tx: Transaction | Database, userId: string, id: string, lock = false) {
  if (!isUuid(id)) throw templateNotFound();
  const query = tx
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.id, id), eq(reportTemplates.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw templateNotFound();
  return row;
}

export function createTemplateService({ db, instruments, now }: TemplateDeps) {
  const check = async (definition: ReportDefinitionInput) =>
    checkDefinition(definition, await instruments(), now()).definition;

  const withSchedules = async (rows: Row[]) => {
    const schedules =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(reportSchedules)
            .where(
              inArray(
                reportSchedules.templateId,
                rows.map((r) => r.id),
              ),
            );
    const byTemplate = new Map(schedules.map((s) => [s.templateId, scheduleModel(s)]));
    return rows.map((row) => toModel(row, byTemplate.get(row.id) ?? null));
  };

  return {
    /** The user's templates, newest first. */
    async list(userId: string): Promise<ReportTemplateModel[]> {
      const rows = await db
        .select()
        .from(reportTemplates)
        .where(eq(reportTemplates.userId, userId))
        .orderBy(desc(reportTemplates.createdAt), desc(reportTemplates.id));
      return withSchedules(rows);
    },

    async get(userId: string, id: string): Promise<ReportTemplateModel> {
      const [model] = await withSchedules([await ownTemplate(db, userId, id)]);
      return model!;
    },

    async create(
      call: MutationCall,
      input: { id?: string | null; name: unknown; definition: ReportDefinitionInput },
    ): Promise<ReportTemplateModel> {
      if (input.id != null && !isUuid(input.id)) throw badField('id', 'id: a UUID');
      const name = parseName(input.name);
      const definition = await check(input.definition);
      return withIdempotency(
        db,
        { ...call, key: call.idempotencyKey, operation: 'createReportTemplate' },
        async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report_templates:${call.userId}`}))`);
          if (input.id) {
            const [existing] = await tx.select().from(reportTemplates).where(eq(reportTemplates.id, input.id));
            if (existing) {
              if (existing.userId !== call.userId) throw badField('id', 'id: already in use');
              const [schedule] = await tx
                .select()
                .from(reportSchedules)
                .where(eq(reportSchedules.templateId, existing.id));
              return toModel(existing, schedule ? scheduleModel(schedule) : null);
            }
          }
          const [{ count } = { count: 0 }] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(reportTemplates)
            .where(eq(reportTemplates.userId, call.userId));
          if (count >= MAX_REPORT_TEMPLATES)
            throw badUserInput(`at most ${MAX_REPORT_TEMPLATES} report templates: delete one first`);
          const at = now();
          const [row] = await tx
            .insert(reportTemplates)
            .values({
              ...(input.id && { id: input.id }),
              userId: call.userId,
              name,
              definition,
              createdAt: at,
              updatedAt: at,
            })
            .returning();
          return toModel(row!, null);
        },
      );
    },

    async update(
      call: MutationCall,
      input: { id: string; name?: unknown; definition?: ReportDefinitionInput | null },
    ): Promise<ReportTemplateModel> {
      const name = input.name == null ? undefined : parseName(input.name);
      const definition = input.definition == null ? undefined : await check(input.definition);
      const id = await withIdempotency(
        db,
        { ...call, key: call.idempotencyKey, operation: 'updateReportTemplate' },
        async (tx) => {
          await ownTemplate(tx, call.userId, input.id, true);
          await tx
            .update(reportTemplates)
            .set({ ...(name !== undefined && { name }), ...(definition && { definition }), updatedAt: now() })
            .where(eq(reportTemplates.id, input.id));
          return input.id;
        },
      );
      return this.get(call.userId, id);
    },

    /** Deletes the template and its schedule; true also when it is already gone. */
    async remove(call: MutationCall, id: string): Promise<boolean> {
      if (!isUuid(id)) throw templateNotFound();
      return withIdempotency(
        db,
        { ...call, key: call.idempotencyKey, operation: 'deleteReportTemplate' },
        async (tx) => {
          const [row] = await tx.select().from(reportTemplates).where(eq(reportTemplates.id, id));
          if (row && row.userId !== call.userId) throw templateNotFound();
          if (row) await tx.delete(reportTemplates).where(eq(reportTemplates.id, id));
          return true;
        },
      );
    },
  };
}
