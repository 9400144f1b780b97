// Strategies and backtests end to end on the production build (issue 13): a strategy created from the SMA
// crossover template (the server's field message shown at the field first), activated then deactivated (the toast
// says its open orders were cancelled), a backtest run from its detail page (its progress bar, then the equity chart
// and the metrics, the stored run listed, its trades exported as CSV, opened again from the detail's backtest history);
// screenshots of the list with the dialog, of the backtest results and of two runs compared (phone and desktop, dark
// and light).
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, paintedPixels, watchedPage } from './browser';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/issue13';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openNewStrategyDialog(page: Page): Promise<void> {
  await page.goto(`${server.url}/strategies`);
  await page.getByRole('heading', { level: 1, name: 'Strategies' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'New strategy' }).click();
  await page.getByTestId('template-description').waitFor();
}

/**
 * Runs a backtest: its progress bar shows (a DOM observer notes it, as a short run may show it for a frame only),
 * goes, and the results of this run appear with the equity chart painted.
 */
async function runBacktest(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = window as unknown as { progressShown?: boolean };
    seen.progressShown = false;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[aria-label="Backtest progress"]')) {
        seen.progressShown = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Run backtest' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { progressShown?: boolean }).progressShown), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.getByLabel('Backtest progress').waitFor({ state: 'detached', timeout: 60_000 });
  await page.getByTestId('backtest-results').waitFor();
  await expect.poll(() => paintedPixels(page, 'curve-chart'), { timeout: 15_000 }).toBeGreaterThan(500);
}

describe('strategies', () => {
  it('creates an SMA crossover strategy, activates and deactivates it, and backtests it', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await openNewStrategyDialog(page);
    const dialog = page.getByRole('dialog', { name: 'New strategy' });
    expect(await dialog.getByLabel('Template').inputValue()).toBe('sma-crossover');
    expect(await dialog.getByTestId('template-description').textContent()).toMatch(/fast simple moving average/);

    // The server's message for a slow period not above the fast one is shown at the Slow SMA field.
    await dialog.getByRole('spinbutton', { name: 'Fast SMA' }).fill('30');
    await dialog.getByRole('spinbutton', { name: 'Slow SMA' }).fill('20');
    await dialog.getByLabel('Name').fill('SPY trend');
    await dialog.getByLabel('Symbols').fill('SPY, aapl');
    await dialog.getByRole('button', { name: 'Create strategy' }).click();
    await dialog.getByText('Must be greater than the fast SMA (30)').waitFor();

    await dialog.getByRole('spinbutton', { name: 'Slow SMA' }).fill('50');
    await dialog.getByRole('button', { name: 'Create strategy' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'SPY trend' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/SMA crossover.*AAPL, SPY.*v1.*—/);

    // Activation: the server trades it from now on; deactivation cancels its open orders (the toast says so).
    const active = row.getByRole('switch', { name: 'Active: SPY trend' });
    await active.locator('xpath=..').click();
    await page.getByText('SPY trend now trades on each closed bar of its interval.').waitFor();
    await expect.poll(() => active.isChecked()).toBe(true);
    await active.locator('xpath=..').click();
    await page.getByText('SPY trend stopped trading; its open orders were cancelled.').waitFor();
    await expect.poll(() => active.isChecked()).toBe(false);

    // Detail → Backtest with the strategy chosen → results.
    await row.getByRole('link', { name: 'SPY trend' }).click();
    await page.getByRole('heading', { level: 1, name: 'SPY trend' }).waitFor();
    await page.getByText('No backtest yet', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Backtest' }).click();
    await page.getByRole('heading', { level: 1, name: 'Backtest' }).waitFor();
    expect(page.url()).toContain('strategyId=');
    expect(await page.getByLabel('Symbols').inputValue()).toBe('AAPL, SPY');
    await runBacktest(page);
    expect(await page.getByRole('img', { name: /Portfolio value of the strategy and of buy and hold/ }).count()).toBe(
      1,
    );
    const totalReturn = page.getByTestId('metric-totalReturn');
    expect(await totalReturn.textContent()).toMatch(/^Total return[+−]?\d+\.\d\d%[+−]?\d+\.\d\d%$/);
    expect(await page.getByRole('columnheader', { name: 'Buy and hold' }).count()).toBe(1);

    // The run is stored: listed with its figures; its trades download as CSV (a header row, numbers unformatted).
    const runRow = page.getByTestId('backtest-run');
    await expect.poll(() => runRow.count()).toBe(1);
    await expect.poll(() => runRow.textContent()).toMatch(/AAPL, SPY.*\d+\.\d\d%.*Done/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^backtest-AAPL-SPY-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'symbol,entryTime,exitTime,entryPrice,exitPrice,quantity,pnl,return,holdingBars,entryReason,exitReason',
    );
    expect(csv[1]).toMatch(/^(AAPL|SPY),\d{4}-\d\d-\d\dT[\d:.]+Z,\d{4}-.*,-?\d+(\.\d+)?,/);

    // The list now shows the latest backtest's figures.
    await page.getByRole('link', { name: 'Strategies' }).first().click();
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/\d+\.\d\d%/);

    // The detail's backtest history lists the run and opens it on the Backtest page.
    await row.getByRole('link', { name: 'SPY trend' }).click();
    const history = page.getByRole('region', { name: 'Backtest history' });
    await history.getByRole('link', { name: 'Open' }).click();
    await page.getByTestId('backtest-results').waitFor();
    expect(page.url()).toContain('runId=');
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('screenshots (phone and desktop, dark and light)', () => {
  it('the list with the New strategy dialog and the backtest results', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      const shot = `${SCREENSHOT_DIR}/${name}-${scheme}`;
      await openNewStrategyDialog(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shot}-new-strategy-dialog.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.screenshot({ path: `${shot}-strategies.png` });
      await page.goto(`${server.url}/backtest`);
      await page.getByRole('heading', { level: 1, name: 'Backtest' }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Run backtest' }).waitFor({ timeout: 20_000 });
      await runBacktest(page);
      await page.screenshot({ path: `${shot}-backtest.png`, fullPage: true });
      // A second run, both compared side by side.
      const runs = page.getByTestId('backtest-run');
      await expect.poll(() => runs.first().textContent()).toMatch(/Done/);
      const listed = await runs.count();
      await page.getByRole('spinbutton', { name: 'Slippage (basis points)' }).fill('20');
      await runBacktest(page);
      // The list is read again once the new run is done: compare only then (rows move down as one is added).
      await expect.poll(() => runs.count()).toBe(Math.min(listed + 1, 20));
      await expect.poll(() => runs.first().textContent()).toMatch(/Done/);
      const compare = runs.getByRole('button', { name: 'Compare' });
      await compare.nth(0).click();
      await compare.nth(1).click();
      await page.getByRole('region', { name: 'Compare runs' }).waitFor();
      await page.screenshot({ path: `${shot}-backtest-compare.png`, fullPage: true });
      await page.goto(`${server.url}/strategies`);
      await page.getByRole('link', { name: 'SPY trend' }).click();
      await page
        .getByRole('region', { name: 'Backtest history' })
        .getByRole('link', { name: 'Open' })
        .first()
        .waitFor();
      await page.screenshot({ path: `${shot}-strategy-detail.png`, fullPage: true });
    });
  }, 240_000);
});
