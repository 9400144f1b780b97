// Opportunity alerts end to end on the production build (issue 16 point 3): two active strategies whose entry rule
// holds on every one-minute bar (on AAPL and MSFT) signal as the next bar closes; each signal becomes an
// opportunity alert, a toast on the open page links to its symbol (opening it marks the alert read), the
// Dashboard's card lists the unread one with its figures and marks all read. Screenshots (phone and desktop, dark
// and light).
//
// The market: the e2e server has no hand-ticking hook, so this uses the least intrusive way that needs none, as
// tests/e2e/strategyOrders.test.ts does: MARKET_HOURS=always keeps the simulated market ticking by itself, and the
// leader's strategy runner acts on the first one-minute bar that closes after the activation (within a minute).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, rules, type StrategyDefinition } from '../../src/domain/strategies';
import { singleUserGql } from './api';
import { DESKTOP, launchBrowser, SCREENSHOT_VARIANTS, themedContext, watchedPage } from './browser';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/opportunities';

/** Enters when flat (close > 0 always holds) and never exits: one entry signal, on the first closed bar. */
const everyBar = (symbol: string): StrategyDefinition => ({
  version: 1,
  symbols: [symbol],
  interval: '1m',
  side: 'long',
  entry: rules.all(rules.greaterThan(rules.close, rules.constant(0))),
  exit: rules.all(rules.lessThan(rules.close, rules.constant(0))),
  sizing: { kind: 'fixedShares', shares: 1 },
  stops: {},
});

interface Alert {
  id: string;
  symbol: string;
  isRead: boolean;
}
const unread = async () =>
  (
    await singleUserGql<{ opportunityAlerts: Alert[] }>(
      server.url,
      '{ opportunityAlerts(unreadOnly: true) { id symbol isRead } }',
    )
  ).opportunityAlerts;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('opportunity alerts', () => {
  it('a strategy’s entry shows a toast linking to the symbol; opening it marks the alert read', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Opportunity alerts' }).waitFor({ timeout: 30_000 });
    await page.getByText('No unread opportunity alerts.').waitFor();
    for (const symbol of ['AAPL', 'MSFT']) {
      const { createStrategy } = await singleUserGql<{ createStrategy: { id: string } }>(
        server.url,
        'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
        { input: { name: `Every bar ${symbol}`, code: canonicalJson(everyBar(symbol)) } },
      );
      await singleUserGql(server.url, 'mutation A($id: ID!) { activateStrategy(id: $id) { isActive } }', {
        id: createStrategy.id,
      });
    }

    const toast = page.getByRole('status').filter({ hasText: 'Opportunity: AAPL' });
    await toast.waitFor({ timeout: 90_000 });
    expect(await toast.innerText()).toMatch(/Your strategy's entry\. Confidence \d+% · [+-]?[\d.]+% on average/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/toast-desktop.png` });
    // The Dashboard's card lists both, unread.
    const card = page.getByRole('list', { name: 'Unread opportunity alerts' });
    await expect.poll(() => card.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);

    await toast.getByRole('link', { name: 'Open AAPL' }).click();
    await page.waitForURL(/\/stocks\/AAPL$/);
    await expect.poll(async () => (await unread()).map((alert) => alert.symbol)).toEqual(['MSFT']);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('takes screenshots of the Dashboard card with an unread alert', async () => {
    for (const { name, viewport, scheme } of SCREENSHOT_VARIANTS) {
      const context = await themedContext(browser, viewport, scheme);
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard`);
      const row = page.getByRole('listitem', { name: 'Opportunity MSFT' });
      await row.waitFor({ timeout: 30_000 });
      expect(await row.innerText()).toMatch(/past cases?[\s\S]*Expires in/);
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-dashboard.png` });
      await context.close();
    }
  });

  it('marks all read from the card, and follows a scan', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('listitem', { name: 'Opportunity MSFT' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByText('No unread opportunity alerts.').waitFor();
    expect(await unread()).toEqual([]);

    await page.getByRole('button', { name: 'Scans to follow' }).click();
    await page.getByText('RSI oversold', { exact: true }).click(); // the switch's label
    await expect
      .poll(
        async () => (await singleUserGql<{ followedScans: string[] }>(server.url, '{ followedScans }')).followedScans,
      )
      .toEqual(['RSI_OVERSOLD']);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/desktop-follow.png` });

    // Scanning activity logs the opportunities created, read ones included.
    await page.goto(`${server.url}/scanning-activity`);
    const created = page.getByRole('region', { name: 'Opportunities created' });
    await expect.poll(() => created.getByTestId('scan-opportunity').count(), { timeout: 15_000 }).toBe(2);
    expect(await created.innerText()).toMatch(/AAPL[\s\S]*Your strategy's entry/);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
