/**
 * The e-mailed reports (issue 15 point 6): singleton work run by the leader (server/services/leader, started by
 * server/app.ts) that every DELIVERY_CHECK_MS sends the schedules due.
 *
 * Rules:
 * - A schedule is due when its `next_run_at` has passed. The run sent is the latest one due (runs missed while no
 *   server ran are not sent one by one: one e-mail for the current period), its period '2026-W48' / '2026-11'
 *   (src/domain/reports/schedule.ts).
 * - Exactly once per period: the delivery row (schedule, period) is inserted BEFORE the report is made and sent
 *   (`on conflict do nothing`); whoever inserts it sends. Then `sent_at`, the schedule's `last_sent_at` and its next
 *   run are set.
 * - A failure (the report cannot be made, the mail server refuses or is down) keeps the claim, records the error and
 *   its time: the same period is retried RETRY_MS later, until the period's next run comes (then the new period is
 *   sent and the failed one is given up, its row keeping the error). A process that dies between claiming and
 *   sending leaves a claim that is retried the same way; one that dies after the mail server accepted the e-mail
 *   but before `sent_at` was written sends it again on that retry (at least once for that crash, never twice
 *   otherwise). That resend is harmless: every send of one delivery row carries the same Message-ID,
 *   `<report-{delivery id}@{domain of MAIL_FROM}>` (reportMessageId), so mail stores that deduplicate by Message-ID
 *   show the trader one e-mail.
 * - A user without an e-mail address: the period is skipped (its row records why).
 * - Time is the injected `now`, so tests drive the job with `runDue()`.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { latestDueRun, nextRunAfter, periodKey } from '../../../src/domain/reports/schedule';
import type { Database } from '../../db/client';
import { reportDeliveries, reportSchedules, reportTemplates, users } from '../../db/schema';
import type { EmailTransport } from '../notifications';
import type { ReportDocument } from './document';
import type { ReportDefinitionInput } from './definition';
import { reportPdf } from './pdf';
import { ruleOf } from './schedules';

export const DELIVERY_CHECK_MS = 60_000;
/** Wait before a failed or abandoned send of a period is tried again. */
export const RETRY_MS = 15 * 60_000;
/** Schedules sent per check at most (the rest on the next one). */
const BATCH = 50;

/** The Message-ID of every send of one delivery row (a retry repeats it): `<report-{id}@{domain}>`. */
export function reportMessageId(deliveryId: string, domain: string): string {
  return `<report-${deliveryId}@${domain}>`;
}

export interface DeliveryJobDeps {
  db: Database;
  now: () => Date;
  email: EmailTransport;
  build: (userId: string, definition: ReportDefinitionInput, title?: string) => Promise<ReportDocument>;
  log: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void };
  checkEveryMs?: number;
}

type Due = {
  schedule: typeof reportSchedules.$inferSelect;
  template: typeof reportTemplates.$inferSelect;
  email: string | null;
};

export function createReportDeliveryJob(deps: DeliveryJobDeps) {
  const { db } = deps;
  let timer: NodeJS.Timeout | undefined;
  let work: Promise<unknown> = Promise.resolve();

  /** Claims the period (a new row, or an unsent one claimed more than RETRY_MS ago); null: not ours to send. */
  const claim = async (scheduleId: string, key: string, at: Date) => {
    const [inserted] = await db
      .insert(reportDeliveries)
      .values({ scheduleId, periodKey: key, claimedAt: at, attempts: 1 })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted.id;
    const [retried] = await db
      .update(reportDeliveries)
      .set({ claimedAt: at, attempts: sql`${reportDeliveries.attempts} + 1` })
      .where(
        and(
          eq(reportDeliveries.scheduleId, scheduleId),
          eq(reportDeliveries.periodKey, key),
          isNull(reportDeliveries.sentAt),
          lte(reportDeliveries.claimedAt, new Date(at.getTime() - RETRY_MS)),
        ),
      )
      .returning();
    return retried?.id ?? null;
  };

  const send = async ({ schedule, template, email }: Due, at: Date) => {
    const rule = ruleOf(schedule);
    const run = latestDueRun(rule, schedule.nextRunAt.getTime(), at.getTime());
    const key = periodKey(rule, run);
    const next = new Date(nextRunAfter(rule, run));
    const done = (deliveryId: string, error: string | null) =>
      db.transaction(async (tx) => {
        await tx
          .update(reportDeliveries)
          .set(error === null ? { sentAt: at, lastError: null } : { lastError: error })
          .where(eq(reportDeliveries.id, deliveryId));
        await tx
          .update(reportSchedules)
          .set({ nextRunAt: next, ...(error === null && { lastSentAt: at }) })
          .where(eq(reportSchedules.id, schedule.id));
      });
    const [sent] = await db
      .select({ id: reportDeliveries.id })
      .from(reportDeliveries)
      .where(
        and(
          eq(reportDeliveries.scheduleId, schedule.id),
          eq(reportDeliveries.periodKey, key),
          sql`${reportDeliveries.sentAt} is not null`,
        ),
      );
    if (sent) {
      // Sent already (by a process that stopped before moving the schedule on).
      await db.update(reportSchedules).set({ nextRunAt: next }).where(eq(reportSchedules.id, schedule.id));
      return;
    }
    const deliveryId = await claim(schedule.id, key, at);
    if (!deliveryId) return;
    if (!email) return done(deliveryId, 'no e-mail address: period skipped');
    try {
      const report = await deps.build(template.userId, template.definition, template.name);
      const file = await reportPdf(report);
      await deps.email.send({
        to: email,
        messageId: reportMessageId(deliveryId, deps.email.domain),
        subject: `${template.name}: ${report.start} to ${report.end}`,
        text: `Your scheduled report "${template.name}" for ${report.start} to ${report.end} is attached (PDF).`,
        attachments: [
          { filename: `report-${report.start}_${report.end}.pdf`, contentType: 'application/pdf', content: file },
        ],
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log.warn({ err: error, scheduleId: schedule.id, period: key }, 'scheduled report not sent: retried later');
      await db
        .update(reportDeliveries)
        .set({ lastError: message.slice(0, 500) })
        .where(eq(reportDeliveries.id, deliveryId));
      return;
    }
    await done(deliveryId, null);
  };

  /** Sends every schedule due now; resolves when done. */
  const runDue = async () => {
    const at = deps.now();
    const due = await db
      .select({ schedule: reportSchedules, template: reportTemplates, email: users.email })
      .from(reportSchedules)
      .innerJoin(reportTemplates, eq(reportTemplates.id, reportSchedules.templateId))
      .innerJoin(users, eq(users.id, reportSchedules.userId))
      .where(lte(reportSchedules.nextRunAt, at))
      .orderBy(reportSchedules.nextRunAt)
      .limit(BATCH);
    for (const row of due) {
      try {
        await send(row, at);
      } catch (error) {
        deps.log.error({ err: error, scheduleId: row.schedule.id }, 'scheduled report failed');
      }
    }
  };

  const tick = () => {
    work = work.then(runDue).catch((error: unknown) => deps.log.error({ err: error }, 'report delivery job failed'));
    return work;
  };

  return {
    runDue: () => tick(),
    async start() {
      void tick();
      timer = setInterval(() => void tick(), deps.checkEveryMs ?? DELIVERY_CHECK_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await work;
    },
  };
}
