/**
 * Report schedules (issue 15 point 6): one per template, set again to replace it (the row, its id and its sent
 * periods are kept, so moving the day within a week already e-mailed does not e-mail it twice). The rule's checks
 * and maths are src/domain/reports/schedule.ts; bad input names the field under `input.`; another user's template
 * is NOT_FOUND.
 */
import { eq } from 'drizzle-orm';
import {
  checkScheduleRule,
  nextRunAfter,
  ScheduleInputError,
  type ReportFrequency,
  type ScheduleRule,
} from '../../../src/domain/reports/schedule';
import type { Database } from '../../db/client';
import { reportSchedules, users } from '../../db/schema';
import { badField, badUserInput } from '../errors';
import { withIdempotency, type MutationCall } from '../idempotency';
import { ownTemplate } from './templates';

export interface ReportScheduleModel {
  id: string;
  templateId: string;
  frequency: ReportFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  time: string;
  timezone: string;
  nextRunAt: string;
  lastSentAt: string | null;
}

type Row = typeof reportSchedules.$inferSelect;

export const scheduleModel = (row: Row): ReportScheduleModel => ({
  id: row.id,
  templateId: row.templateId,
  frequency: row.frequency,
  dayOfWeek: row.dayOfWeek,
  dayOfMonth: row.dayOfMonth,
  time: row.time,
  timezone: row.timezone,
  nextRunAt: row.nextRunAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
});

export const ruleOf = (row: Row): ScheduleRule => ({
  frequency: row.frequency,
  dayOfWeek: row.dayOfWeek,
  dayOfMonth: row.dayOfMonth,
  time: row.time,
  timezone: row.timezone,
});

export interface ScheduleInput {
  templateId: string;
  frequency: ReportFrequency;
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  time: string;
  timezone: string;
}

export function createScheduleService({ db, now }: { db: Database; now: () => Date }) {
  return {
    async set(call: MutationCall, input: ScheduleInput): Promise<ReportScheduleModel> {
      let rule: ScheduleRule;
      try {
        rule = checkScheduleRule({
          frequency: input.frequency,
          dayOfWeek: input.dayOfWeek ?? null,
          dayOfMonth: input.dayOfMonth ?? null,
          time: input.time,
          timezone: input.timezone,
        });
      } catch (error) {
        if (error instanceof ScheduleInputError)
          throw badField(`input.${error.field}`, `input.${error.field}: ${error.message}`);
        throw error;
      }
      return withIdempotency(db, { ...call, key: call.idempotencyKey, operation: 'setReportSchedule' }, async (tx) => {
        await ownTemplate(tx, call.userId, input.templateId, true);
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, call.userId));
        if (!user?.email)
          throw badUserInput('scheduled reports are e-mailed: add an e-mail address to your account first');
        const at = now();
        const values = { ...rule, nextRunAt: new Date(nextRunAfter(rule, at.getTime())), updatedAt: at };
        const [row] = await tx
          .insert(reportSchedules)
          .values({ ...values, userId: call.userId, templateId: input.templateId, createdAt: at })
          .onConflictDoUpdate({ target: reportSchedules.templateId, set: values })
          .returning();
        return scheduleModel(row!);
      });
    },

    /** Stops e-mailing the template; true also when it had no schedule. */
    async remove(call: MutationCall, templateId: string): Promise<boolean> {
      return withIdempotency(
        db,
        { ...call, key: call.idempotencyKey, operation: 'deleteReportSchedule' },
        async (tx) => {
          await ownTemplate(tx, call.userId, templateId, true);
          await tx.delete(reportSchedules).where(eq(reportSchedules.templateId, templateId));
          return true;
        },
      );
    },
  };
}
