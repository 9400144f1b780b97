// The monitoring pages on the production build (issue 16 point 7): the navigation's Monitoring section reaches the
// live dashboard, Scanning activity, Memory monitoring and the Loading demo; Memory monitoring shows the server's
// figures (and, after two samples, its charts with their summaries) and this browser's storage; the Loading demo
// shows each labelled state. Screenshots of both pages (phone and desktop, dark and light).
import { describe, expect, it } from 'vitest';
import { forEachScreenshotVariant, watchedPage } from './browser';
import { e2eSuite } from './suite';

/** Two server samples, 5 s apart, and the page's next refresh. */
const CHART_TIMEOUT_MS = 20_000;

const e2e = e2eSuite('monitoring');

describe('monitoring pages', () => {
  it('the navigation reaches the monitoring pages; Memory monitoring shows server and browser figures', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser);
    await page.goto(`${e2e.server.url}/dashboard`);
    const monitoring = page.getByRole('group', { name: 'Monitoring', exact: true });
    await monitoring.getByRole('link', { name: 'Live Trading' }).click();
    await page.waitForURL(/\/monitoring$/);
    const others = page.getByRole('group', { name: 'Other monitoring pages' });
    await others.getByRole('link', { name: 'Loading demo' }).click();
    await page.waitForURL(/\/loading-demo$/);
    await monitoring.getByRole('link', { name: 'Scanning Activity' }).click();
    await page.waitForURL(/\/scanning-activity$/);
    await monitoring.getByRole('link', { name: 'Memory Monitoring' }).click();
    await page.waitForURL(/\/memory-monitoring$/);

    const serverCard = page.getByRole('region', { name: 'Server', exact: true });
    await expect
      .poll(() => serverCard.innerText(), { timeout: 15_000 })
      .toMatch(/Resident memory \(RSS\)\s+[\d.]+ MiB/);
    const figures = await serverCard.innerText();
    expect(figures).toMatch(/Heap used\s+[\d.]+ MiB of [\d.]+ MiB/);
    expect(figures).toMatch(/Database size\s+[\d.]+ (KiB|MiB)/);
    expect(figures).toMatch(/Open sockets\s+\d+/);
    expect(figures).toMatch(/Cache entries\s+.*sessions \d+/);

    const browserCard = page.getByRole('region', { name: 'This browser' });
    await expect.poll(() => browserCard.innerText()).toMatch(/used of [\d.]+ (MiB|GiB|TiB)/);
    const local = await browserCard.innerText();
    for (const table of ['outbox', 'strategies', 'watchlists']) expect(local).toContain(table);

    await page.getByRole('img', { name: 'Server memory over time' }).waitFor({ timeout: CHART_TIMEOUT_MS });
    const summary = await page.getByRole('list', { name: 'Server memory over time: summary' }).innerText();
    expect(summary).toMatch(/RSS: now [\d.]+ MiB; over the last \d+ min: lowest [\d.]+ MiB, median/);
    await page.getByRole('img', { name: 'Server event-loop delay over time' }).waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('the Loading demo shows each state, labelled', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser);
    await page.goto(`${e2e.server.url}/loading-demo`);
    for (const title of [
      'Initial loading screen',
      'Card skeleton',
      'Table skeleton',
      'Spinners',
      'Progress bar',
      'Offline banner',
      'Error with retry',
      'Empty state',
    ]) {
      await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
    }
    const frame = page.frameLocator('iframe[title="Initial loading screen"]');
    await frame.getByText('Loading AI-Powered Trading Platform…').waitFor();
    expect(await page.getByTestId('offline-banner-preview').innerText()).toContain("You're offline.");
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    const error = page.getByRole('region', { name: 'Error with retry' });
    expect(await error.getByRole('alert').innerText()).toContain('Portfolio could not be loaded.');
    await error.getByRole('button', { name: 'Retry' }).click();
    await error.getByRole('button', { name: /Retrying/ }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBeGreaterThanOrEqual(2);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('takes screenshots of Memory monitoring and the Loading demo', async () => {
    await forEachScreenshotVariant(e2e.browser, async ({ page, name, scheme }) => {
      await page.goto(`${e2e.server.url}/memory-monitoring`);
      await page.getByRole('img', { name: 'Server memory over time' }).waitFor({ timeout: CHART_TIMEOUT_MS });
      await page.getByText(/used of/).waitFor();
      await page.locator('#initial-loading').waitFor({ state: 'detached' });
      await page.screenshot({ path: `${e2e.screenshotDir}/${name}-${scheme}-memory.png`, fullPage: true });
      await page.goto(`${e2e.server.url}/loading-demo`);
      await page.frameLocator('iframe').getByText('Loading AI-Powered Trading Platform…').waitFor();
      await page.locator('#initial-loading').waitFor({ state: 'detached' });
      await page.screenshot({ path: `${e2e.screenshotDir}/${name}-${scheme}-loading-demo.png`, fullPage: true });
    });
  });
});
