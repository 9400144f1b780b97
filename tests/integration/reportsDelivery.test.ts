// Scheduled reports (issue 15 point 6) on PGlite and PostgreSQL: the leader's delivery job e-mails a template's PDF
// through a real SMTP server (tests/fixtures/smtpServer.ts) when its schedule is due, exactly once per period: two
// jobs on one database (two processes) and later runs send nothing more; a monthly schedule in another time zone is
// sent at its local time, once in its month; a failed send keeps the period and is retried RETRY_MS later. Every
// send of one delivery row carries the same Message-ID (<report-{row id}@{MAIL_FROM's domain}>), so a resend after
// the mail server accepted the e-mail but before it was recorded as sent is one e-mail in mail stores that
// deduplicate by Message-ID.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDeliveries, reportSchedules } from '../../server/db/schema';
import { createPerformanceReport } from '../../server/services/analytics/performanceReport';
import { createMarketService } from '../../server/services/market';
import { createSmtpTransport } from '../../server/services/notifications/smtp';
import type { EmailTransport } from '../../server/services/notifications';
import { createReportsService } from '../../server/services/reports';
import { reportMessageId, RETRY_MS } from '../../server/services/reports/deliveryJob';
import { pdfAttachmentsOf, pdfPageTexts } from '../fixtures/pdfText';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../fixtures/smtpServer';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, type TradingTestApp } from './ordersSetup';

const CREATE = `mutation C($name: String!, $definition: ReportDefinitionInput!) {
  createReportTemplate(name: $name, definition: $definition) { id } }`;
const SET_SCHEDULE = `mutation S($input: ReportScheduleInput!) { setReportSchedule(input: $input) { id nextRunAt } }`;
const LIST = `{ reportTemplates { schedule { nextRunAt lastSentAt } } }`;
/** Monday 23 November 2026, 08:00 in New York. */
const DUE = Date.parse('2026-11-23T13:00:00Z');
const quiet = { error: () => undefined, warn: () => undefined };
const FROM = 'Reports <reports@reports.example.test>';

/** The Message-ID header of a received e-mail. */
function messageIdOf(mail: ReceivedMail): string | undefined {
  return /^Message-ID:\s*(\S+)/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
}

describe.each(drivers)('scheduled reports by e-mail (%s)', (driver) => {
  let t: TradingTestApp;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A delivery job as one server process runs it, on the test app's database and clock. */
  const job = (email: EmailTransport) => {
    const now = () => new Date(t.clock());
    const { instruments } = createMarketService(t.market, now);
    return createReportsService({
      db: t.db,
      now,
      instruments,
      performanceReport: createPerformanceReport({ db: t.db, market: t.market, instruments, now }),
      portfolio: () => Promise.reject(new Error('POSITIONS is not in these templates')),
      email,
      log: quiet,
    }).deliveryJob;
  };
  const mailer = () => createSmtpTransport(smtp.url, FROM);

  const WEEKLY = { frequency: 'WEEKLY', dayOfWeek: 1, time: '08:00', timezone: 'America/New_York' };
  async function scheduledUser(name: string, rule: Record<string, unknown> = WEEKLY, due = DUE) {
    const user = await createUserWithSession(t.db);
    const gql = (query: string, variables: Record<string, unknown> = {}) =>
      graphql<Record<string, any>>(t.app, query, { variables, token: user.token }); // eslint-disable-line @typescript-eslint/no-explicit-any
    const { id } = (
      await gql(CREATE, { name, definition: { sections: ['SUMMARY', 'PERFORMANCE'], preset: 'ONE_MONTH' } })
    ).data!.createReportTemplate;
    const schedule = (
      await gql(SET_SCHEDULE, {
        input: { templateId: id, ...rule },
      })
    ).data!.setReportSchedule;
    expect(schedule.nextRunAt).toBe(new Date(due).toISOString());
    const me = await gql('{ me { email } }');
    return { ...user, email: me.data!.me.email as string, scheduleId: schedule.id as string, gql };
  }
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address.toLowerCase()));

  it('e-mails the PDF once when due, whatever the number of processes and runs', async () => {
    t.setClock(Date.parse('2026-11-18T16:00:00Z'));
    const user = await scheduledUser('Weekly review');
    const [a, b] = [job(mailer()), job(mailer())];
    await a.runDue();
    expect(mailsTo(user.email)).toHaveLength(0); // not due yet

    t.setClock(DUE + 30_000);
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    const mail = await smtp.waitForMessage(user.email);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mail.raw).toContain('Subject: Weekly review: 2026-10-23 to 2026-11-23');
    const [attachment, ...more] = pdfAttachmentsOf(mail.raw);
    expect(more).toEqual([]);
    expect(attachment!.filename).toBe('report-2026-10-23_2026-11-23.pdf');
    const pages = await pdfPageTexts(attachment!.bytes);
    expect(pages[0]).toContain('Weekly review');
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text).toContain('Period 2026-10-23 to 2026-11-23');
    });

    const deliveries = await t.db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.scheduleId, user.scheduleId));
    expect(deliveries).toMatchObject([{ periodKey: '2026-W48', attempts: 1, lastError: null }]);
    expect(messageIdOf(mail)).toBe(`<report-${deliveries[0]!.id}@reports.example.test>`);
    expect((await user.gql(LIST)).data!.reportTemplates[0].schedule).toEqual({
      nextRunAt: '2026-11-30T13:00:00.000Z',
      lastSentAt: new Date(DUE + 30_000).toISOString(),
    });
    // A restart within the week: a new process's job sends nothing more.
    await job(mailer()).runDue();
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('e-mails a monthly schedule at its time in the user’s time zone, once in the month', async () => {
    t.setClock(Date.parse('2026-11-18T16:00:00Z'));
    // The 1st at 07:30 in Tokyo (UTC+9, no DST): 22:30 UTC on the last day of the month before.
    const due = Date.parse('2026-11-30T22:30:00Z');
    const user = await scheduledUser(
      'Monthly in Tokyo',
      { frequency: 'MONTHLY', dayOfMonth: 1, time: '07:30', timezone: 'Asia/Tokyo' },
      due,
    );
    t.setClock(due - 60_000);
    await job(mailer()).runDue();
    expect(mailsTo(user.email)).toHaveLength(0);

    t.setClock(due);
    await job(mailer()).runDue();
    const mail = await smtp.waitForMessage(user.email);
    // The report ends on the New York trading day of the send (30 November there).
    const [attachment] = pdfAttachmentsOf(mail.raw);
    expect(attachment!.filename).toBe('report-2026-10-30_2026-11-30.pdf');
    expect((await pdfPageTexts(attachment!.bytes))[0]).toContain('Monthly in Tokyo');
    const deliveries = await t.db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.scheduleId, user.scheduleId));
    expect(deliveries).toMatchObject([{ periodKey: '2026-12', attempts: 1, lastError: null }]);
    // Later in the month, another process: nothing more; the next run is 1 January, 07:30 in Tokyo.
    t.setClock(Date.parse('2026-12-20T00:00:00Z'));
    await job(mailer()).runDue();
    expect(mailsTo(user.email)).toHaveLength(1);
    const [schedule] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, user.scheduleId));
    expect(schedule).toMatchObject({ nextRunAt: new Date('2026-12-31T22:30:00Z'), lastSentAt: new Date(due) });
  });

  it('keeps a failed period and sends it RETRY_MS later', async () => {
    t.setClock(Date.parse('2026-11-18T16:00:00Z'));
    const user = await scheduledUser('Retried');
    // A mail server that is not there: connection refused.
    const down = createSmtpTransport('smtp://127.0.0.1:9', FROM);
    t.setClock(DUE + 60_000);
    await job(down).runDue();
    const [failed] = await t.db.select().from(reportDeliveries).where(eq(reportDeliveries.scheduleId, user.scheduleId));
    expect(failed).toMatchObject({ periodKey: '2026-W48', sentAt: null, attempts: 1 });
    expect(failed!.lastError).toEqual(expect.any(String));
    const [schedule] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, user.scheduleId));
    expect(schedule).toMatchObject({ nextRunAt: new Date(DUE), lastSentAt: null });

    t.setClock(DUE + 60_000 + RETRY_MS - 1_000);
    await job(mailer()).runDue();
    expect(mailsTo(user.email)).toHaveLength(0); // the failed claim waits RETRY_MS

    t.setClock(DUE + 60_000 + RETRY_MS);
    await job(mailer()).runDue();
    const mail = await smtp.waitForMessage(user.email);
    expect(pdfAttachmentsOf(mail.raw)).toHaveLength(1);
    const [sent] = await t.db.select().from(reportDeliveries).where(eq(reportDeliveries.scheduleId, user.scheduleId));
    expect(sent).toMatchObject({ periodKey: '2026-W48', attempts: 2, lastError: null });
    expect(sent!.sentAt).not.toBeNull();
    // The retry is a send of the same delivery row: the Message-ID the failed send was given.
    expect(messageIdOf(mail)).toBe(reportMessageId(failed!.id, 'reports.example.test'));
  });

  it('gives a resend after the mail server accepted the e-mail the same Message-ID', async () => {
    t.setClock(Date.parse('2026-11-18T16:00:00Z'));
    const user = await scheduledUser('Resent');
    // The process fails after the mail server accepted the e-mail and before `sent_at` is written (as a crash
    // there leaves it): the period is sent again RETRY_MS later.
    const smtpMailer = mailer();
    const failsAfterSending: EmailTransport = {
      kind: smtpMailer.kind,
      domain: smtpMailer.domain,
      async send(message) {
        await smtpMailer.send(message);
        throw new Error('stopped before sent_at was written');
      },
    };
    t.setClock(DUE + 60_000);
    await job(failsAfterSending).runDue();
    const first = await smtp.waitForMessage(user.email);
    const [claimed] = await t.db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.scheduleId, user.scheduleId));
    expect(claimed).toMatchObject({ periodKey: '2026-W48', sentAt: null, attempts: 1 });

    t.setClock(DUE + 60_000 + RETRY_MS);
    await job(mailer()).runDue();
    const second = await smtp.waitForMessage(user.email);
    expect(mailsTo(user.email)).toHaveLength(2);
    expect(messageIdOf(first)).toBe(`<report-${claimed!.id}@reports.example.test>`);
    expect(messageIdOf(second)).toBe(messageIdOf(first));
    const [sent] = await t.db.select().from(reportDeliveries).where(eq(reportDeliveries.scheduleId, user.scheduleId));
    expect(sent).toMatchObject({ id: claimed!.id, attempts: 2, lastError: null });
    expect(sent!.sentAt).not.toBeNull();
  });
});
