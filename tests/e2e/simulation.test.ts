// The Simulation page end to end on the production build (issue 13 point 7): a strategy created from the SMA
// crossover template through the API, resampled in the page's Web Worker (progress, then the fan chart painted and
// the statistics); the same figures after an offline reload on the cached app and data, other ones with another
// seed, an honest message for a strategy whose prices were never loaded; Run again while running, and Cancel; the
// portfolio before and after a paper buy; screenshots (phone and desktop, dark and light).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, definitionFromTemplate } from '../../src/domain/strategies';
import { singleUserGql } from './api';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, paintedPixels, watchedPage } from './browser';
import { goOffline, goOnline, reloadOffline, untilWorkerControls } from './network';
import { startServer, type RunningServer } from './server';
import { persistedQueryCache } from './persistedCache';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/issue13';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
  const create = 'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }';
  // Never opened in the browser, so none of its prices are cached (the list is newest first: Fast SMA on top).
  await singleUserGql(server.url, create, {
    input: { name: 'Microsoft SMA', templateId: 'sma-crossover', symbols: ['MSFT'] },
  });
  // Written as rules (code): the page reads its definition through the strategy's configuration query.
  const rules = definitionFromTemplate('sma-crossover', { fast: 10, slow: 30 }, { symbols: ['SPY'], interval: '1D' });
  if (!rules.ok) throw new Error('sma-crossover');
  await singleUserGql(server.url, create, { input: { name: 'Rules SMA', code: canonicalJson(rules.definition) } });
  await singleUserGql(server.url, create, {
    input: {
      name: 'Fast SMA',
      templateId: 'sma-crossover',
      parameters: { fast: 5, slow: 20 },
      symbols: ['SPY', 'AAPL'],
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openSimulation(page: Page, { navigate = true } = {}): Promise<void> {
  if (navigate) await page.goto(`${server.url}/simulation`);
  await page.getByRole('heading', { level: 1, name: 'Simulation' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Strategy').waitFor({ timeout: 20_000 });
}

/** Runs and waits for the results with the fan chart painted; the statistics' texts. */
async function runSimulation(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Run simulation' }).click();
  const results = page.getByTestId('simulation-results');
  await results.waitFor({ timeout: 60_000 });
  await expect.poll(() => paintedPixels(page, 'fan-chart'), { timeout: 15_000 }).toBeGreaterThan(2000);
  return (await results.textContent()) ?? '';
}

describe('simulation', () => {
  it('resamples a strategy’s backtest trades in a worker, online then offline, and the portfolio', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await openSimulation(page);
    expect(await page.getByLabel('Strategy').locator('option:checked').textContent()).toBe('Fast SMA (v1)');
    await page.getByRole('spinbutton', { name: 'Paths' }).fill('10000');

    // The progress bar shows while the worker runs (10,000 paths), then the results replace it.
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByTestId('simulation-results').waitFor({ timeout: 60_000 });
    await expect.poll(() => paintedPixels(page, 'fan-chart'), { timeout: 15_000 }).toBeGreaterThan(2000);
    const online = (await page.getByTestId('simulation-results').textContent()) ?? '';
    expect(online).toMatch(/Probability of loss\d+\.\d%/);
    expect(online).toMatch(/VaR 95%-?\d+\.\d%/);
    expect(online).toMatch(/CVaR 95%-?\d+\.\d%/);
    expect(online).toMatch(/Median final equity\$[\d,]+5th/);
    expect(online).toMatch(/5th percentile final equity\$[\d,]+Median/);
    expect(online).toMatch(/Median max drawdown\d+\.\d%/);
    expect(online).toMatch(/10,000 paths over 252 trading days from \$100,000/);
    expect(online).toMatch(/Fast SMA on AAPL, SPY: \d+ backtest trades \(.+, about \d+\.\d\d a trading day\)/);
    expect(online).toContain('Resampling past results; the future can differ.');
    expect(await page.getByTestId('drawdown-histogram').getByRole('img').count()).toBe(1);

    // A strategy written as rules: its definition comes from its code.
    await page.getByLabel('Strategy').selectOption({ label: 'Rules SMA (v1)' });
    expect(await runSimulation(page)).toMatch(/Rules SMA on SPY: \d+ backtest trades/);
    await page.getByLabel('Strategy').selectOption({ label: 'Fast SMA (v1)' });

    // Offline, reloaded: the service worker serves the app and the worker's script, the persisted query cache the
    // strategy and its candles; the same settings give the same figures (same seed), another seed other ones.
    await untilWorkerControls(page);
    await expect.poll(() => persistedQueryCache(page), { timeout: 10_000 }).toContain('"candles","SPY","1D"');
    await goOffline(context);
    await reloadOffline(page, context);
    await openSimulation(page, { navigate: false });
    await page.getByRole('spinbutton', { name: 'Paths' }).fill('10000');
    expect(await runSimulation(page)).toBe(online);
    await page.getByRole('spinbutton', { name: 'Seed' }).fill('7');
    expect(await runSimulation(page)).not.toBe(online);
    // A strategy whose prices this device never loaded: said as it is, no result.
    await page.getByLabel('Strategy').selectOption({ label: 'Microsoft SMA (v1)' });
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page
      .getByText(
        'No daily prices of MSFT are cached on this device (you are offline). Open their charts once online, then try again.',
      )
      .waitFor();
    await page.getByLabel('Strategy').selectOption({ label: 'Fast SMA (v1)' });
    await goOnline(context);

    // Run again while a run is going (10,000 paths × 2,520 days): the first is cancelled, and what shows is the
    // second run's result.
    const horizon = page.getByRole('spinbutton', { name: 'Horizon (trading days)' });
    await horizon.fill('2520');
    await page.getByRole('spinbutton', { name: 'Seed' }).fill('1');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.getByText(/Simulating the paths… \d+%/).waitFor();
    await page.getByRole('spinbutton', { name: 'Seed' }).fill('2');
    const restarted = await runSimulation(page);
    expect(await runSimulation(page)).toBe(restarted);
    await page.getByRole('spinbutton', { name: 'Seed' }).fill('1');
    expect(await runSimulation(page)).not.toBe(restarted);
    // Cancel stops a run.
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.getByText(/Simulating the paths… \d+%/).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Simulation cancelled').waitFor();

    // Bad settings are named at their field, and nothing runs.
    await page.getByRole('spinbutton', { name: 'Horizon (trading days)' }).fill('0');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.getByText('Horizon must be a whole number of trading days from 1 to 2,520.').waitFor();
    await page.getByRole('spinbutton', { name: 'Horizon (trading days)' }).fill('126');

    // The portfolio: nothing held yet is said as it is; after a paper buy, its daily returns are resampled.
    await page.getByLabel('Resample').selectOption('portfolio');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.getByText('You hold no shares, so the portfolio has no returns to resample.').waitFor();
    await singleUserGql(server.url, 'mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }', {
      input: { symbol: 'INTC', side: 'BUY', type: 'MARKET', quantity: 5 },
    });
    await expect
      .poll(async () => {
        const { portfolio } = await singleUserGql<{ portfolio: { positions: { symbol: string }[] } }>(
          server.url,
          '{ portfolio { positions { symbol } } }',
        );
        return portfolio.positions.map((position) => position.symbol);
      })
      .toEqual(['INTC']);
    expect(problems().filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();

    // A fresh tab (its cache from before the buy would be shown until it refreshes).
    const fresh = await watchedPage(browser, { viewport: DESKTOP });
    await openSimulation(fresh.page);
    await fresh.page.getByLabel('Resample').selectOption('portfolio');
    const portfolio = await runSimulation(fresh.page);
    expect(portfolio).toMatch(/Your holdings \(INTC\): \d+ daily returns/);
    expect(fresh.problems()).toEqual([]);
    await fresh.context.close();
  }, 180_000);
});

describe('screenshots (phone and desktop, dark and light)', () => {
  it('the empty page, a run in progress and the results', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await openSimulation(page);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-simulation-empty.png`, fullPage: true });
      await page.getByRole('spinbutton', { name: 'Horizon (trading days)' }).fill('2520');
      await page.getByRole('spinbutton', { name: 'Paths' }).fill('10000');
      await page.getByRole('button', { name: 'Run simulation' }).click();
      await page.getByText(/Simulating the paths… \d+%/).waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-simulation-running.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('spinbutton', { name: 'Horizon (trading days)' }).fill('252');
      await page.getByRole('spinbutton', { name: 'Paths' }).fill('1000');
      await runSimulation(page);
      // A full-page shot of a scrolled page would draw the sticky top bar where the viewport was.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-simulation.png`, fullPage: true });
    });
  }, 240_000);
});
