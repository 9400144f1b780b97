// Parameter optimisation end to end on the production build (issue 13 point 5): on the Backtest page's Optimise tab,
// a grid optimisation of an SMA crossover strategy's two periods with walk-forward windows (its progress bar, then the
// in-sample vs out-of-sample table, the windows and the parameter stability), its winner saved as version 2 (the old
// version still listed by the API), and the run listed. Screenshots of the result (phone and desktop, dark and light).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleUserGql } from './api';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, watchedPage } from './browser';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/issue13';
const CREATE = 'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }';
const VERSIONS = 'query S($id: ID!) { strategy(id: $id) { version parameters versions { version parameters } } }';

let server: RunningServer;
let browser: Browser;
let strategyId: string;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
  const { createStrategy } = await singleUserGql<{ createStrategy: { id: string } }>(server.url, CREATE, {
    input: { name: 'SPY optimised', templateId: 'sma-crossover', parameters: { fast: 20, slow: 50 }, symbols: ['SPY'] },
  });
  strategyId = createStrategy.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openOptimise(page: Page): Promise<void> {
  await page.goto(`${server.url}/backtest?strategyId=${strategyId}&tab=optimise`);
  await page.getByRole('heading', { level: 1, name: 'Backtest' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Optimise', exact: true }).waitFor({ timeout: 20_000 });
}

describe('optimisation', () => {
  it('optimises a strategy with walk-forward windows and saves the winner as version 2', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await openOptimise(page);
    // The ranges start around the strategy's values: fast 10–30, slow 25–75.
    const fast = page.getByTestId('optimise-range-fast');
    await expect.poll(() => fast.getByRole('spinbutton', { name: 'From' }).inputValue()).toBe('10');
    await expect.poll(() => fast.getByRole('spinbutton', { name: 'To' }).inputValue()).toBe('30');

    // A bad range: the server's refusal in the form's words, nothing started.
    await fast.getByRole('spinbutton', { name: 'From' }).fill('40');
    await page.getByRole('button', { name: 'Optimise', exact: true }).click();
    await page.getByText('Fast SMA max: must be at least min (40)').waitFor();
    await fast.getByRole('spinbutton', { name: 'From' }).fill('10');

    await page.evaluate(() => {
      const seen = window as unknown as { progressShown?: boolean };
      seen.progressShown = false;
      const observer = new MutationObserver(() => {
        if (document.querySelector('[aria-label="Optimisation progress"]')) {
          seen.progressShown = true;
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Optimise', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { progressShown?: boolean }).progressShown), {
        timeout: 30_000,
      })
      .toBe(true);
    await page.getByLabel('Optimisation progress').waitFor({ state: 'detached', timeout: 60_000 });

    const table = page.getByRole('table', { name: 'In sample vs out of sample' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Metric',
      'In sample',
      'Out of sample',
      'Out of sample, chained',
    ]);
    expect(await page.getByTestId('is-oos-sharpeRatio').textContent()).toMatch(/^Sharpe ratio/);
    expect(await page.getByRole('table', { name: 'Walk-forward windows' }).getByRole('row').count()).toBe(5);
    await page.getByRole('table', { name: 'Parameter stability' }).waitFor();

    await page.getByRole('button', { name: 'Save as version 2' }).click();
    await page.getByText('Saved as version 2').waitFor();
    const { strategy } = await singleUserGql<{
      strategy: { version: number; parameters: Record<string, number>; versions: { version: number }[] };
    }>(server.url, VERSIONS, { id: strategyId });
    expect(strategy.version).toBe(2);
    expect(strategy.versions.map((v) => v.version)).toEqual([2, 1]);
    const runs = page.getByRole('table', { name: 'Optimisation runs' });
    await expect
      .poll(() => runs.getByRole('row').nth(1).textContent())
      .toMatch(/Done.*Grid · Sharpe ratio · 4 windows.*v2/);
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('screenshots (phone and desktop, dark and light)', () => {
  it('the optimisation result', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await openOptimise(page);
      await page
        .getByRole('table', { name: 'Optimisation runs' })
        .getByRole('button', { name: 'Show' })
        .first()
        .click();
      await page.getByRole('table', { name: 'In sample vs out of sample' }).waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-optimisation.png`, fullPage: true });
    });
  }, 240_000);
});
