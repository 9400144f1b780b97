// The market scanner end to end on the production build (issue 16 points 2 and 7): Scanning activity's Scanner
// shows live results with their criterion and indicator values for the picked scan, the activity log lists the
// scans with filters, the Dashboard's card leads there; screenshots (phone and desktop, dark and light).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachScreenshotVariant, launchBrowser, watchedPage, scrollToRead } from './browser';
import { revealCard } from './cards';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/scanner';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('market scanner', () => {
  it('a scan shows results with their criterion and values; the log lists it; the Dashboard links to it', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${server.url}/dashboard`);
    await revealCard(page, 'Market scanner');
    const open = page.getByRole('link', { name: 'Open scanner' });
    await open.waitFor({ timeout: 30_000 });
    await open.click();
    await page.waitForURL(/\/scanning-activity$/);

    await page.getByRole('combobox', { name: 'Scan', exact: true }).selectOption('MOST_ACTIVE');
    const results = page.getByTestId('scan-result');
    await results.first().waitFor({ timeout: 30_000 });
    expect(await results.count()).toBe(10);
    await page.getByRole('button', { name: /^Show all \d+$/ }).click();
    await expect.poll(() => results.count()).toBeGreaterThan(10);
    const first = await results.first().innerText();
    expect(first).toMatch(/[\d.]+[KMB]? shares traded today/);
    expect(first).toMatch(/Avg volume \(20d\) [\d.]+[KMB]?/);
    expect(first).toMatch(/Score /);

    const log = page.getByTestId('scan-activity');
    await expect.poll(() => log.first().innerText(), { timeout: 15_000 }).toMatch(/Most active[\s\S]*You/);
    await page.getByRole('combobox', { name: 'Scan type' }).selectOption('TOP_GAINERS');
    await expect
      .poll(async () => (await log.allInnerTexts()).every((text) => text.startsWith('Top gainers')))
      .toBe(true);
    await page.getByText('With hits only').click();
    await expect.poll(async () => (await log.allInnerTexts()).every((text) => !/\b0 hits\b/.test(text))).toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('takes screenshots of Scanning activity and the Dashboard card', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await page.goto(`${server.url}/scanning-activity`);
      await page.getByTestId('scan-result').first().waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-scanning.png` });
      const log = page.getByTestId('scan-activity').first();
      await log.waitFor({ timeout: 30_000 });
      await scrollToRead(log);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-scan-activity.png` });
      await page.goto(`${server.url}/dashboard`);
      await revealCard(page, 'Market scanner');
      const card = page.getByRole('region', { name: 'Market scanner' });
      await card
        .getByText(/^(Up [\d.]+% today|No gainers yet today\.)/)
        .first()
        .waitFor({ timeout: 30_000 });
      await scrollToRead(card);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-dashboard-scanner.png` });
    });
  });
});
