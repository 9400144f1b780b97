// Custom reports (issue 15 points 6 and 7) on PGlite and PostgreSQL: templates and schedules through GraphQL (CRUD,
// a replayed create, another user's ids NOT_FOUND, every bad input naming its field with nothing written) and the
// export route (a PDF parsed with pdfjs: pages, "Page n of N", the period on every page, its tables and its charts
// drawn as vector paths; the CSV's sections).
import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchedules, reportTemplates } from '../../server/db/schema';
import { pdfPagePaths } from '../fixtures/pdfDrawing';
import { pdfPageTexts } from '../fixtures/pdfText';
import { easternTime } from '../../src/domain/market/calendar';
import { storeEquityHistory } from './equityHistorySetup';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, insertFilledOrder, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

const TEMPLATE = `id name definition { sections preset start end benchmark } createdAt updatedAt
  schedule { id templateId frequency dayOfWeek dayOfMonth time timezone nextRunAt lastSentAt }`;
const CREATE = `mutation C($id: ID, $name: String!, $definition: ReportDefinitionInput!) {
  createReportTemplate(id: $id, name: $name, definition: $definition) { ${TEMPLATE} } }`;
const UPDATE = `mutation U($id: ID!, $name: String, $definition: ReportDefinitionInput) {
  updateReportTemplate(id: $id, name: $name, definition: $definition) { ${TEMPLATE} } }`;
const DELETE = `mutation D($id: ID!) { deleteReportTemplate(id: $id) }`;
const LIST = `{ reportTemplates { ${TEMPLATE} } }`;
const SET_SCHEDULE = `mutation S($input: ReportScheduleInput!) { setReportSchedule(input: $input) {
  id templateId frequency dayOfWeek dayOfMonth time timezone nextRunAt lastSentAt } }`;
const DELETE_SCHEDULE = `mutation DS($templateId: ID!) { deleteReportSchedule(templateId: $templateId) }`;

const DEFINITION = { sections: ['SUMMARY', 'PERFORMANCE'], preset: 'ONE_MONTH' };

type Errors = { message: string; extensions?: { code?: string; field?: string } }[] | undefined;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

describe.each(drivers)('custom reports (%s)', (driver) => {
  let t: TradingTestApp;
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  const gql = async (query: string, variables: Record<string, unknown> = {}, token = user.token) =>
    graphql<Data>(t.app, query, { variables, token }) as Promise<{ data?: Data | null; errors?: Errors }>;
  const rows = async () => ({
    templates: (await t.db.select({ n: count() }).from(reportTemplates))[0]!.n,
    schedules: (await t.db.select({ n: count() }).from(reportSchedules))[0]!.n,
  });
  const exportReport = (payload: unknown, token = user.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reports/export',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    user = await createUserWithSession(t.db);
    other = await createUserWithSession(t.db);
    const { days } = await storeEquityHistory(t.db, user.id, {
      before: WEDNESDAY_1100,
      start: 100_000,
      returns: [0.01, 0.02, -0.01, 0.005, 0.01, 0, -0.02, 0.03, 0.01, -0.005, 0.01, 0.02],
      depositAt: 6,
      deposit: 5_000,
    });
    const fill = (side: 'BUY' | 'SELL', quantity: number, priceCents: number, i: number) =>
      insertFilledOrder(t.db, { userId: user.id, side, quantity, priceCents, at: easternTime(days[i]!, 660) });
    await fill('BUY', 10, 10_000, 1);
    await fill('SELL', 10, 12_000, 5);
  });
  afterAll(() => t.close());

  it('creates, lists, renames, redefines and deletes a template; a replayed create returns the first', async () => {
    const id = randomUUID();
    const created = await gql(CREATE, { id, name: '  Monthly review ', definition: DEFINITION });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createReportTemplate).toMatchObject({
      id,
      name: 'Monthly review',
      definition: {
        sections: ['SUMMARY', 'PERFORMANCE'],
        preset: 'ONE_MONTH',
        start: null,
        end: null,
        benchmark: 'INDEX',
      },
      schedule: null,
    });
    const replayed = await gql(CREATE, { id, name: 'Other name', definition: { sections: ['RISK'] } });
    expect(replayed.data!.createReportTemplate).toEqual(created.data!.createReportTemplate);
    const updated = await gql(UPDATE, {
      id,
      name: 'Quarter',
      definition: { sections: ['RISK', 'SUMMARY'], start: '2026-08-01', end: '2026-10-31', benchmark: 'aapl' },
    });
    expect(updated.data!.updateReportTemplate).toMatchObject({
      name: 'Quarter',
      definition: {
        sections: ['SUMMARY', 'RISK'],
        preset: null,
        start: '2026-08-01',
        end: '2026-10-31',
        benchmark: 'AAPL',
      },
    });
    t.setClock(t.clock() + 1_000); // newest first: a later creation time
    const second = await gql(CREATE, { name: 'Second', definition: DEFINITION });
    const listed = await gql(LIST);
    expect(listed.data!.reportTemplates.map((x: Data) => x.name)).toEqual(['Second', 'Quarter']);
    expect((await gql(LIST, {}, other.token)).data!.reportTemplates).toEqual([]);
    expect((await gql(DELETE, { id })).data!.deleteReportTemplate).toBe(true);
    expect((await gql(DELETE, { id })).data!.deleteReportTemplate).toBe(true); // a replayed delete
    expect((await gql(DELETE, { id: second.data!.createReportTemplate.id })).data!.deleteReportTemplate).toBe(true);
    expect(await rows()).toEqual({ templates: 0, schedules: 0 });
  });

  it('sets, replaces and deletes a schedule; deleting the template deletes it', async () => {
    const { id } = (await gql(CREATE, { name: 'Weekly', definition: DEFINITION })).data!.createReportTemplate;
    const set = await gql(SET_SCHEDULE, {
      input: { templateId: id, frequency: 'WEEKLY', dayOfWeek: 1, time: '08:00', timezone: 'America/New_York' },
    });
    expect(set.errors).toBeUndefined();
    // Wednesday 18 November 2026, 11:00 New York → Monday 23 November, 08:00 EST.
    expect(set.data!.setReportSchedule).toMatchObject({
      templateId: id,
      frequency: 'WEEKLY',
      dayOfWeek: 1,
      dayOfMonth: null,
      nextRunAt: '2026-11-23T13:00:00.000Z',
      lastSentAt: null,
    });
    const replaced = await gql(SET_SCHEDULE, {
      input: { templateId: id, frequency: 'MONTHLY', dayOfMonth: 28, time: '18:30', timezone: 'Europe/London' },
    });
    expect(replaced.data!.setReportSchedule).toMatchObject({
      id: set.data!.setReportSchedule.id,
      frequency: 'MONTHLY',
      dayOfWeek: null,
      dayOfMonth: 28,
      nextRunAt: '2026-11-28T18:30:00.000Z',
    });
    const listed = (await gql(LIST)).data!.reportTemplates;
    expect(listed[0].schedule).toMatchObject({ frequency: 'MONTHLY', time: '18:30', timezone: 'Europe/London' });
    expect((await gql(DELETE_SCHEDULE, { templateId: id })).data!.deleteReportSchedule).toBe(true);
    expect((await gql(DELETE_SCHEDULE, { templateId: id })).data!.deleteReportSchedule).toBe(true);
    await gql(SET_SCHEDULE, {
      input: { templateId: id, frequency: 'WEEKLY', dayOfWeek: 5, time: '17:00', timezone: 'UTC' },
    });
    await gql(DELETE, { id });
    expect(await rows()).toEqual({ templates: 0, schedules: 0 });
  });

  it("answers NOT_FOUND for another user's template or schedule", async () => {
    const { id } = (await gql(CREATE, { name: 'Mine', definition: DEFINITION })).data!.createReportTemplate;
    await gql(SET_SCHEDULE, {
      input: { templateId: id, frequency: 'WEEKLY', dayOfWeek: 1, time: '08:00', timezone: 'UTC' },
    });
    const before = await rows();
    const attempts = [
      gql(UPDATE, { id, name: 'Taken' }, other.token),
      gql(DELETE, { id }, other.token),
      gql(
        SET_SCHEDULE,
        { input: { templateId: id, frequency: 'WEEKLY', dayOfWeek: 2, time: '09:00', timezone: 'UTC' } },
        other.token,
      ),
      gql(DELETE_SCHEDULE, { templateId: id }, other.token),
      gql(UPDATE, { id: 'not-a-uuid', name: 'x' }),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await rows()).toEqual(before);
    const stored = (await gql(LIST)).data!.reportTemplates[0];
    expect(stored).toMatchObject({ name: 'Mine', schedule: { dayOfWeek: 1, time: '08:00' } });
    // Another user's client id cannot be taken over by a create either.
    const taken = await gql(CREATE, { id, name: 'Copy', definition: DEFINITION }, other.token);
    expect(taken.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    await gql(DELETE, { id });
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const { id } = (await gql(CREATE, { name: 'Kept', definition: DEFINITION })).data!.createReportTemplate;
    const before = await rows();
    const badDefinitions: [Record<string, unknown>, string][] = [
      [{ sections: [] }, 'definition.sections'],
      [{ sections: ['SUMMARY', 'SUMMARY'] }, 'definition.sections'],
      [{ sections: ['SUMMARY'], start: '2026-05-01', end: '2026-04-01' }, 'definition.end'],
      [{ sections: ['SUMMARY'], start: '2000-01-01', end: '2026-04-01' }, 'definition.start'],
      [{ sections: ['SUMMARY'], start: '2026-02-30' }, 'definition.start'],
      [{ sections: ['SUMMARY'], preset: 'YTD', start: '2026-01-01' }, 'definition.preset'],
      [{ sections: ['SUMMARY'], benchmark: 'NOPE' }, 'definition.benchmark'],
    ];
    for (const [definition, field] of badDefinitions) {
      for (const result of [await gql(CREATE, { name: 'Bad', definition }), await gql(UPDATE, { id, definition })]) {
        expect(result.errors?.[0]?.extensions, JSON.stringify(definition)).toMatchObject({
          code: 'BAD_USER_INPUT',
          field,
        });
        expect(result.errors![0]!.message).toContain(field);
      }
    }
    for (const name of ['   ', 'x'.repeat(101)]) {
      const result = await gql(CREATE, { name, definition: DEFINITION });
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    }
    const schedule = { templateId: id, frequency: 'WEEKLY', dayOfWeek: 1, time: '08:00', timezone: 'UTC' };
    const badSchedules: [Record<string, unknown>, string][] = [
      [{ dayOfWeek: 0 }, 'input.dayOfWeek'],
      [{ dayOfWeek: 8 }, 'input.dayOfWeek'],
      [{ dayOfWeek: null }, 'input.dayOfWeek'],
      [{ frequency: 'MONTHLY', dayOfWeek: null, dayOfMonth: 29 }, 'input.dayOfMonth'],
      [{ frequency: 'MONTHLY', dayOfWeek: null }, 'input.dayOfMonth'],
      [{ time: '25:00' }, 'input.time'],
      [{ time: '8am' }, 'input.time'],
      [{ timezone: 'Mars/Olympus' }, 'input.timezone'],
    ];
    for (const [change, field] of badSchedules) {
      const result = await gql(SET_SCHEDULE, { input: { ...schedule, ...change } });
      expect(result.errors?.[0]?.extensions, JSON.stringify(change)).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(await rows()).toEqual(before);
    expect((await gql(LIST)).data!.reportTemplates[0]).toMatchObject({
      name: 'Kept',
      definition: DEFINITION,
      schedule: null,
    });
    await gql(DELETE, { id });
  });

  it('keeps at most 50 templates per user', async () => {
    const [mine] = await t.db.select({ n: count() }).from(reportTemplates).where(eq(reportTemplates.userId, other.id));
    expect(mine?.n).toBe(0);
    await t.db.insert(reportTemplates).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: other.id,
        name: `T${i}`,
        definition: { sections: ['SUMMARY'], preset: null, start: null, end: null, benchmark: 'INDEX' },
      })),
    );
    const result = await gql(CREATE, { name: 'One too many', definition: DEFINITION }, other.token);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await t.db.delete(reportTemplates).where(eq(reportTemplates.userId, other.id));
  });

  it('exports a PDF with its tables and charts, a page count, "Page n of N" and the period on every page', async () => {
    const response = await exportReport({
      format: 'pdf',
      definition: {
        sections: ['SUMMARY', 'POSITIONS', 'TRADES', 'PERFORMANCE', 'RISK', 'STRATEGIES', 'REALISED_GAINS'],
        preset: 'ONE_MONTH',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="report-2026-10-18_2026-11-18.pdf"');
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text).toContain('Period 2026-10-18 to 2026-11-18');
      expect(text).toContain('Generated 2026-11-18 16:00 UTC');
      expect(text).toContain('Performance report');
    });
    expect(pages[0]).toContain('Summary');
    expect(pages.join(' ')).toContain('Realised gains');
    // Tables: their titles and header rows.
    const text = pages.join(' ').replace(/\s+/g, ' ');
    for (const header of [
      'Figure Value',
      'Symbol Quantity Average cost Price Market value',
      'Tax lots',
      'Monthly returns',
    ])
      expect(text).toContain(header);
    // Charts, drawn as vector paths: the equity and the benchmark as lines through each of the 13 recorded days,
    // on the page that has the chart's title, and the monthly P&L bars below it.
    const paths = await pdfPagePaths(response.rawPayload);
    const chartPage = pages.findIndex((page) => page.includes('Equity against the benchmark (INDEX)'));
    expect(chartPage).toBeGreaterThanOrEqual(0);
    expect(pages[chartPage]).toContain('Monthly P&L');
    const polylines = paths[chartPage]!.filter((path) => path.paint === 'stroke' && path.lines === 12);
    expect(polylines).toHaveLength(2);
    expect(paths[chartPage]!.filter((path) => path.paint === 'fill' && path.lines === 3).length).toBeGreaterThan(0);
  });

  it('exports one CSV with a block per section', async () => {
    const response = await exportReport({
      format: 'csv',
      definition: { sections: ['TRADES', 'SUMMARY'], start: '2026-11-01', end: '2026-11-17' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="report-2026-11-01_2026-11-17.csv"');
    const blocks = response.body.split('\r\n\r\n');
    expect(blocks.map((b) => b.split('\r\n')[0])).toEqual([
      '# Summary',
      '# Trades: Trade statistics',
      '# Trades: P&L by symbol',
    ]);
    expect(blocks[0]!.split('\r\n')[1]).toBe('Figure,Value');
    expect(blocks[2]!.split('\r\n').slice(1)).toEqual(['Symbol,Trades,P&L', 'AAPL,1,200.00', '']);
  });

  it('refuses a bad export with 400 naming the field, and more than 20 exports in 10 minutes with 429', async () => {
    const bad: [unknown, string][] = [
      [{ format: 'xls', definition: DEFINITION }, 'format'],
      [{ format: 'csv' }, 'definition'],
      [{ format: 'csv', definition: { sections: ['NOPE'] } }, 'definition.sections'],
      [{ format: 'csv', definition: { sections: ['RISK'], start: '2026-05-01', end: '2026-01-01' } }, 'definition.end'],
    ];
    for (const [payload, field] of bad) {
      const response = await exportReport(payload, other.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: expect.stringContaining(field), field });
    }
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/reports/export', payload: { format: 'csv' } });
    expect(unsigned.statusCode).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await exportReport({ format: 'csv', definition: { sections: ['SUMMARY'] } }, other.token)).statusCode,
      );
    // The three refused while the report was made counted too (an unknown format is refused first): 3 + 17.
    expect(statuses.filter((s) => s === 200)).toHaveLength(17);
    const refused = await exportReport({ format: 'csv', definition: { sections: ['SUMMARY'] } }, other.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
