// The Analytics page (issue 15 points 5 and 8) on the production build: the pnl-analysis, trading-metrics and
// risk-analytics redirects open the right tab, the tab and period live in the URL (reload, Back); after a few
// paper trades and a recorded equity history every tab draws its charts with data; the report read is kept in
// Dexie and shown offline with the time it was read. Screenshots of each tab (phone and desktop, dark and light).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { eq } from 'drizzle-orm';
import { strategies, trades } from '../../server/db/schema';
import { singleUserGql } from './api';
import { recordEquityHistory, untilHeld } from './equityHistory';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, paintedPixels, watchedPage } from './browser';
import { goOffline, untilWorkerControls } from './network';
import { freePort, startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/analytics';
const HISTORY_DAYS = 40;

let workDir: string;
let server: RunningServer;
let browser: Browser;

const order = (symbol: string, side: 'BUY' | 'SELL', quantity: number) =>
  singleUserGql(server.url, 'mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }', {
    input: { symbol, side, type: 'MARKET', quantity },
  });

const STRATEGY_NAME = 'Momentum e2e';

/** The user's AAPL fills made by a strategy of theirs (so P&L by strategy names it). */
async function aaplByStrategy(db: Database, userId: string): Promise<void> {
  const [strategy] = await db
    .insert(strategies)
    .values({ userId, name: STRATEGY_NAME })
    .returning({ id: strategies.id });
  await db.update(trades).set({ strategyId: strategy!.id }).where(eq(trades.symbol, 'AAPL'));
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'analytics-e2e-'));
  const dataDir = join(workDir, 'data');
  const port = await freePort();
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }, { port, dataDir }), launchBrowser()]);
  // A round trip in AAPL (2 bought, 1 sold; the default profile's position limit is $1,000) and an open MSFT position.
  await order('AAPL', 'BUY', 2);
  await order('MSFT', 'BUY', 1);
  await untilHeld(server.url, { AAPL: 2, MSFT: 1 });
  await order('AAPL', 'SELL', 1);
  await untilHeld(server.url, { AAPL: 1, MSFT: 1 });
  await server.stop();
  await recordEquityHistory(dataDir, HISTORY_DAYS, aaplByStrategy);
  server = await startServer({ MARKET_HOURS: 'always' }, { port, dataDir });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const selectedTab = (page: Page) => page.getByRole('tab', { selected: true }).textContent();

async function openTab(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor({ timeout: 20_000 });
  await page.getByTestId('analytics-read-at').waitFor({ timeout: 20_000 });
  // The start-up loading screen fades out, then leaves (spec §4).
  await page.locator('#initial-loading').waitFor({ state: 'detached' });
}

describe('the Analytics page', () => {
  it('opens the right tab from each redirect and keeps the tab and period in the URL', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    for (const [path, tab, label] of [
      ['/pnl-analysis', 'pnl', 'P&L'],
      ['/trading-metrics', 'metrics', 'Trading metrics'],
      ['/risk-analytics', 'risk', 'Risk'],
    ] as const) {
      await openTab(page, path);
      expect(new URL(page.url()).pathname).toBe('/analytics');
      expect(new URL(page.url()).searchParams.get('tab')).toBe(tab);
      expect(await selectedTab(page)).toBe(label);
    }
    // Reload keeps the tab; a tab and a period change are history entries.
    await page.reload();
    await page.getByTestId('analytics-read-at').waitFor({ timeout: 20_000 });
    expect(await selectedTab(page)).toBe('Risk');
    await page.getByRole('tab', { name: 'Trading metrics' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('metrics');
    await page.getByRole('combobox', { name: 'Period' }).selectOption('ONE_MONTH');
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('ONE_MONTH');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe(null);
    expect(await selectedTab(page)).toBe('Trading metrics');
    await page.goBack();
    await expect.poll(() => selectedTab(page)).toBe('Risk');
    expect(problems()).toEqual([]);
    await context.close();
  }, 90_000);

  it('draws every tab with data after a few trades, and shows the last report offline', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await openTab(page, '/analytics?tab=pnl&period=THREE_MONTHS');
    await expect.poll(() => paintedPixels(page, 'curve-chart'), { timeout: 15_000 }).toBeGreaterThan(100);
    const curve = page.getByTestId('curve-chart');
    expect(await curve.getAttribute('aria-label')).toMatch(/^Equity vs benchmark\. Equity from \$100,000\.00 on/);
    expect(await page.getByRole('img', { name: 'Daily P&L' }).locator('> div').count()).toBe(HISTORY_DAYS - 1);
    await page.getByTestId('monthly-returns').waitFor();
    const bySymbol = page.getByRole('list', { name: 'P&L by symbol' });
    expect(await bySymbol.textContent()).toMatch(/AAPL.*1 trade/);
    // By strategy: the strategy's name, never its id (the open MSFT lot is manual and closed nothing).
    expect(await page.getByRole('list', { name: 'P&L by strategy' }).textContent()).toMatch(
      new RegExp(`^${STRATEGY_NAME}[−+]?\\$[\\d.,]+ · 1 trade$`),
    );
    expect(await page.getByTestId('analytics-account').textContent()).toBe('Paper account');
    expect(await page.getByRole('list', { name: 'Realised vs unrealised P&L' }).textContent()).toMatch(
      /Realised in the period.*Unrealised \(open positions\)/,
    );

    await page.getByRole('tab', { name: 'Trading metrics' }).click();
    const wins = page.getByRole('img', { name: 'Win/loss distribution' });
    await wins.waitFor();
    const summaryId = await wins.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${summaryId}"]`).textContent()).toMatch(/^1 closed trade, most \(1\)/);
    expect(await page.getByRole('img', { name: 'Holding-time distribution' }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Risk' }).click();
    await page.getByText(/^Deepest [\d.]+% below the peak on \d{4}-\d{2}-\d{2}/).waitFor();
    await expect.poll(() => paintedPixels(page, 'curve-chart'), { timeout: 15_000 }).toBeGreaterThan(100);
    const volatility = page.getByText('Volatility', { exact: true }).locator('xpath=..');
    expect(await volatility.textContent()).toMatch(/Volatility\d+\.\d\d%/);
    await page.getByRole('list', { name: 'Weights by symbol' }).getByText('MSFT').waitFor();

    // Offline (the analytics answers are not in the persisted query cache): the report comes from Dexie, saying when
    // it was read.
    const stored = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const request = indexedDB.open('ai-trading-local');
          request.onsuccess = () => {
            const keys = request.result.transaction('analyticsReports').objectStore('analyticsReports').getAllKeys();
            keys.onsuccess = () => resolve(keys.result.map(String));
          };
        }),
    );
    expect(stored).toEqual(expect.arrayContaining(['report:THREE_MONTHS:paper', 'analysis:THREE_MONTHS:paper']));
    await untilWorkerControls(page);
    await goOffline(context);
    await page.reload();
    await page
      .getByText(/^You're offline: showing the report of \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, read /)
      .waitFor({ timeout: 20_000 });
    await page.getByRole('list', { name: 'Weights by symbol' }).getByText('MSFT').waitFor();
    expect(problems().filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('screenshots of each tab', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, viewport, scheme }) => {
      for (const tab of ['pnl', 'metrics', 'risk']) {
        await openTab(page, `/analytics?tab=${tab}&period=THREE_MONTHS`);
        if (tab !== 'metrics') {
          await expect.poll(() => paintedPixels(page, 'curve-chart'), { timeout: 15_000 }).toBeGreaterThan(100);
        }
        // Nothing wider than the viewport (390 px on the phone): wide tables scroll inside their own box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-analytics-${tab}.png`, fullPage: true });
      }
    });
  }, 180_000);
});
