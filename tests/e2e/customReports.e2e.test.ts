// Custom reports (issue 15 points 6 and 8) on the production build: a report built from chosen sections previews
// them (the positions held after a paper trade, the charts of a recorded equity history), downloads as a real PDF and
// a CSV under the server's file names; a template saved while offline is listed at once as not synced and reaches the
// server exactly once when the connection returns, and so do a rename and a delete; its e-mail schedule can be set
// only online. Screenshots of the page (phone and desktop, dark and light).
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleUserGql } from './api';
import { DESKTOP, forEachScreenshotVariant, paintedPixels, watchedPage } from './browser';
import { recordEquityHistory, untilHeld } from './equityHistory';
import { goOffline, goOnline, untilWorkerControls } from './network';
import { startServer } from './server';
import { e2eSuite } from './suite';

const ENV = { MARKET_HOURS: 'always' };
const workDir = mkdtempSync(join(tmpdir(), 'custom-reports-e2e-'));
const dataDir = join(workDir, 'data');
const e2e = e2eSuite('customReports', ENV, { dataDir });

// An MSFT position and 60 recorded closes (so the preview draws its charts): the suite's server keeps its data in
// this file's folder, and is stopped once to write the history, then started again on the same port.
beforeAll(async () => {
  const port = Number(new URL(e2e.server.url).port);
  await singleUserGql(e2e.server.url, 'mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }', {
    input: { symbol: 'MSFT', side: 'BUY', type: 'MARKET', quantity: 1 },
  });
  await untilHeld(e2e.server.url, { MSFT: 1 });
  await e2e.server.stop();
  await recordEquityHistory(dataDir, 60);
  e2e.server = await startServer(ENV, { port, dataDir });
}, 120_000);
afterAll(async () => {
  await e2e.server.stop();
  rmSync(workDir, { recursive: true, force: true });
});

interface ServerTemplate {
  id: string;
  name: string;
  definition: { sections: string[]; preset: string | null; benchmark: string };
}

async function serverTemplates(name: string): Promise<ServerTemplate[]> {
  const { reportTemplates } = await singleUserGql<{ reportTemplates: ServerTemplate[] }>(
    e2e.server.url,
    '{ reportTemplates { id name definition { sections preset benchmark } } }',
  );
  return reportTemplates.filter((template) => template.name === name);
}

/** The page, with the service worker in control (so it opens and saves offline). */
async function openReports(page: Page): Promise<void> {
  await page.goto(`${e2e.server.url}/custom-reports`);
  await page.getByRole('heading', { level: 1, name: 'Custom Reports' }).waitFor({ timeout: 20_000 });
  await untilWorkerControls(page);
}

/**
 * Summary, Positions and Realised gains over the last three months; `charts`: Summary, Performance, Risk (the
 * defaults) and Positions, the preview's charts drawn.
 */
async function buildReport(page: Page, { charts = false } = {}): Promise<void> {
  const sections = page.getByRole('group', { name: 'Sections' });
  const toggled = charts ? ['Positions'] : ['Performance', 'Risk', 'Positions', 'Realised gains'];
  for (const name of toggled) await sections.getByText(name, { exact: true }).click();
  await page.getByLabel('Period').selectOption('THREE_MONTHS');
  const preview = page.getByTestId('report-preview');
  await preview.getByRole('region', { name: charts ? 'Risk' : 'Realised gains' }).waitFor({ timeout: 20_000 });
  await preview.getByRole('table', { name: 'Positions' }).getByRole('cell', { name: 'MSFT' }).waitFor();
  if (charts) await expect.poll(() => paintedPixels(page, 'curve-chart'), { timeout: 15_000 }).toBeGreaterThan(100);
}

async function saveTemplate(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Save as template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('custom reports', () => {
  it('builds a report, previews its sections and downloads it as a PDF', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: DESKTOP });
    await openReports(page);
    await buildReport(page);
    const preview = page.getByTestId('report-preview');
    expect(await preview.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Summary',
      'Positions',
      'Realised gains',
    ]);
    expect(await preview.getByTestId('preview-period').textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, against the market index$/,
    );

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText(`Downloaded ${download.suggestedFilename()}`).waitFor();

    // The CSV: one file, a block per table of each chosen section in report order, nothing else (README "Report
    // exports"; server/services/reports/sections.ts: Realised gains has its figures and its tax lots).
    const [csv] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text.match(/^# .*$/gm)).toEqual([
      '# Summary',
      '# Positions',
      '# Realised gains',
      '# Realised gains: Tax lots',
    ]);
    await page.getByText(`Downloaded ${csv.suggestedFilename()}`).waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  it('a template saved offline is listed as not synced, reaches the server once back online, then is scheduled', async () => {
    const { page, context } = await watchedPage(e2e.browser, { viewport: DESKTOP });
    await openReports(page);
    await buildReport(page);
    await goOffline(context);
    await saveTemplate(page, 'Quarter review');
    const row = page.getByRole('listitem', { name: 'Quarter review' });
    await row.getByText('Not synced').waitFor();
    expect(await row.textContent()).toContain(
      'Past 3 months against the market index: Summary, Positions, Realised gains',
    );
    expect(await page.getByRole('button', { name: 'Download PDF' }).isDisabled()).toBe(true);
    expect(await serverTemplates('Quarter review')).toEqual([]);
    // Schedules are online only: the dialog says so and saves nothing.
    await row.getByRole('button', { name: 'Schedule Quarter review' }).click();
    const scheduleDialog = page.getByRole('dialog', { name: 'E-mail “Quarter review”' });
    await scheduleDialog.getByText("You're offline. Schedules need a connection.").waitFor();
    expect(await scheduleDialog.getByRole('button', { name: 'Save schedule' }).isDisabled()).toBe(true);
    await scheduleDialog.getByRole('button', { name: 'Cancel' }).click();

    await goOnline(context);
    await row.getByText('Not synced').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await serverTemplates('Quarter review')).toEqual([
      {
        id: expect.any(String),
        name: 'Quarter review',
        definition: {
          sections: ['SUMMARY', 'POSITIONS', 'REALISED_GAINS'],
          preset: 'THREE_MONTHS',
          benchmark: 'INDEX',
        },
      },
    ]);

    // Online and synced: a monthly e-mail in the browser's time zone, its next run shown in the row.
    await row.getByRole('button', { name: 'Schedule Quarter review' }).click();
    await scheduleDialog.getByText('Monthly', { exact: true }).click();
    await scheduleDialog.getByLabel('Day of the month').selectOption('15');
    await scheduleDialog.getByRole('button', { name: 'Save schedule' }).click();
    await scheduleDialog.waitFor({ state: 'detached' });
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await row.getByText(`Monthly on day 15 at 08:00 (${zone}) · next`).waitFor();
    const { reportTemplates } = await singleUserGql<{ reportTemplates: { name: string; schedule: unknown }[] }>(
      e2e.server.url,
      '{ reportTemplates { name schedule { frequency dayOfWeek dayOfMonth time timezone } } }',
    );
    expect(reportTemplates.find((template) => template.name === 'Quarter review')?.schedule).toEqual({
      frequency: 'MONTHLY',
      dayOfWeek: null,
      dayOfMonth: 15,
      time: '08:00',
      timezone: zone,
    });
    await context.close();
  }, 120_000);
});

describe('templates offline', () => {
  it('a rename and a delete made offline show at once and reach the server once back online', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: DESKTOP });
    await openReports(page);
    await buildReport(page);
    await saveTemplate(page, 'Weekly draft');
    const draft = page.getByRole('listitem', { name: 'Weekly draft' });
    await draft.getByText('Not synced').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await serverTemplates('Weekly draft')).toHaveLength(1);

    await goOffline(context);
    await draft.getByRole('button', { name: 'Rename Weekly draft' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename template' });
    await rename.getByLabel('Name').fill('Weekly review');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });
    const renamed = page.getByRole('listitem', { name: 'Weekly review' });
    await renamed.getByText('Not synced').waitFor();
    expect(await serverTemplates('Weekly draft')).toHaveLength(1);

    await renamed.getByRole('button', { name: 'Delete Weekly review' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await renamed.waitFor({ state: 'detached' });
    expect(await serverTemplates('Weekly draft')).toHaveLength(1);

    // Back online (the page's and the worker's requests seen on their way): the queue replays in order, each row
    // answered once; when the delete goes out, the server holds the renamed template, once, and no longer the old
    // name. A retry the outbox's backoff timer sends in the moment before the context is online again fails in the
    // browser (it never reaches the server) and is rightly sent again, so only requests that got an answer count.
    const seen: { operation: string; request: Request }[] = [];
    let atDelete: { renamed: ServerTemplate[]; old: ServerTemplate[] } | null = null;
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.route('**/graphql', async (route) => {
      const operation = /\bmutation\s+(\w+)/.exec(route.request().postData() ?? '')?.[1];
      if (operation === 'UpdateReportTemplate' || operation === 'DeleteReportTemplate') {
        seen.push({ operation, request: route.request() });
      }
      if (operation === 'DeleteReportTemplate' && !atDelete) {
        atDelete = { renamed: await serverTemplates('Weekly review'), old: await serverTemplates('Weekly draft') };
      }
      await route.continue();
    });
    await context.setOffline(false);
    await expect
      .poll(async () => [...(await serverTemplates('Weekly draft')), ...(await serverTemplates('Weekly review'))], {
        timeout: 20_000,
      })
      .toEqual([]);
    // Each request's outcome in the browser (null: it failed there), awaited: the server's change can be seen
    // before its answer has reached the browser.
    const answered = await Promise.all(
      seen.map(async ({ operation, request }) => ((await request.response()) !== null ? operation : null)),
    );
    expect(answered.filter((operation) => operation !== null)).toEqual([
      'UpdateReportTemplate',
      'DeleteReportTemplate',
    ]);
    expect(atDelete).toEqual({ renamed: [expect.objectContaining({ name: 'Weekly review' })], old: [] });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    expect(problems().filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('screenshots (phone and desktop, dark and light)', () => {
  it('the builder, the preview and a saved template', async () => {
    await forEachScreenshotVariant(e2e.browser, async ({ page, name, viewport, scheme }) => {
      await openReports(page);
      await buildReport(page, { charts: true });
      await page.getByRole('listitem', { name: 'Quarter review' }).waitFor({ timeout: 20_000 });
      await page.getByTestId('pnl-bars').waitFor();
      await page.getByTestId('monthly-returns').waitFor();
      // Nothing wider than the viewport (390 px on the phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `${e2e.screenshotDir}/${name}-${scheme}-custom-reports.png`, fullPage: true });
    });
  }, 180_000);
});
