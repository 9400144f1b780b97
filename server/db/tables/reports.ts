import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from '../columns';
import { userId } from '../userColumns';

/** What a saved report holds (schema/reports.graphql's ReportDefinition, sections by their enum names). */
export interface StoredReportDefinition {
  sections: string[];
  preset: string | null;
  start: string | null;
  end: string | null;
  benchmark: string;
}

/**
 * Custom report templates (issue 15 point 6): a user's saved reports, at most MAX_REPORT_TEMPLATES each; the id may
 * be the client's (local-first: a replayed create finds its row).
 */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: id(),
    userId: userId(),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<StoredReportDefinition>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('report_templates_user_idx').on(table.userId, table.createdAt)],
);

/**
 * When a template's PDF is e-mailed (one schedule per template): `next_run_at` is the next nominal run, at `time`
 * in `timezone` (src/domain/reports/schedule.ts); the leader's job sends the schedules due.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    userId: userId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => reportTemplates.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<'WEEKLY' | 'MONTHLY'>().notNull(),
    dayOfWeek: integer('day_of_week'),
    dayOfMonth: integer('day_of_month'),
    time: text('time').notNull(),
    timezone: text('timezone').notNull(),
    nextRunAt: timestamptz('next_run_at').notNull(),
    lastSentAt: timestamptz('last_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('report_schedules_template_unique').on(table.templateId),
    index('report_schedules_next_run_idx').on(table.nextRunAt),
  ],
);

/**
 * One row per schedule and period ('2026-W48', '2026-11'), inserted before the e-mail is sent: the unique index
 * makes each period's e-mail go out once, across restarts and servers. `sent_at` null: claimed, not sent (yet).
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: id(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    claimedAt: timestamptz('claimed_at').notNull(),
    sentAt: timestamptz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('report_deliveries_schedule_period_unique').on(table.scheduleId, table.periodKey)],
);
