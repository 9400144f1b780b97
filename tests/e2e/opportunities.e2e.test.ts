// Opportunity alerts end to end on the production build (issue 16 points 3 and 9), from a hand-ticked market: the
// server takes its market data from the local Alpaca Market Data stand-in (tests/fixtures/alpacaServer.ts, REST bars
// and snapshots, trades on its stream), whose clock only this test moves. Two active strategies whose entry rule holds
// on every one-minute bar (on AAPL and MSFT) signal as the test moves the market into the next minute: the leader's
// strategy runner sees the bar close from the streamed trades' times, reads the bars over REST and reports the entry;
// each becomes an opportunity alert, a toast on the open page links to its symbol (opening it marks the alert read),
// the Dashboard's card lists the unread one with its figures and marks all read. Screenshots of the toast and the
// card (phone and desktop, dark and light).
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMarket } from '../../server/services/market';
import { canonicalJson, rules, type StrategyDefinition } from '../../src/domain/strategies';
import { FAKE_KEY_ID, FAKE_SECRET, startFakeAlpaca, type FakeAlpaca } from '../fixtures/alpacaServer';
import { singleUserGql } from './api';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, scrollToRead, watchedPage } from './browser';
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

/** The market's clock: it moves only when the test ticks. */
let clock = Date.now();
let alpaca: FakeAlpaca;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // Pages as large as Alpaca's (10,000 bars): the Dashboard reads a year of daily bars of the whole universe.
  const market = new SimulatedMarket({ seed: 'e2e-opportunities', now: clock, alwaysOpen: true });
  alpaca = await startFakeAlpaca(market, { pageSize: 10_000 });
  [server, browser] = await Promise.all([
    startServer({
      MARKET_PROVIDER: 'alpaca',
      ALPACA_KEY_ID: FAKE_KEY_ID,
      ALPACA_SECRET_KEY: FAKE_SECRET,
      ALPACA_DATA_URL: alpaca.dataUrl,
      ALPACA_STREAM_URL: alpaca.streamUrl,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await alpaca?.close();
});

/** Creates and activates a strategy entering on every one-minute bar of each of `symbols`. */
async function activateEveryBar(symbols: readonly string[]): Promise<void> {
  for (const symbol of symbols) {
    const { createStrategy } = await singleUserGql<{ createStrategy: { id: string } }>(
      server.url,
      'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
      { input: { name: `Every bar ${symbol}`, code: canonicalJson(everyBar(symbol)) } },
    );
    await singleUserGql(server.url, 'mutation A($id: ID!) { activateStrategy(id: $id) { isActive } }', {
      id: createStrategy.id,
    });
  }
}

/**
 * The hand-ticked market: once the runner holds the symbols on the stream, moves the market's clock one minute on
 * (the forming one-minute bar closes; a trade of each subscribed symbol is streamed at the new time) until the
 * toast of `symbol`'s opportunity shows. The first minute the runner sees only starts its bar; the next one closes it.
 */
async function tickUntilToast(page: Page, symbols: readonly string[], symbol: string): Promise<Locator> {
  await expect.poll(() => symbols.every((s) => alpaca.subscribed().has(s))).toBe(true);
  const toast = page.getByRole('status').filter({ hasText: `Opportunity: ${symbol}` });
  await expect
    .poll(
      async () => {
        if ((await toast.count()) > 0) return true;
        clock += 60_000;
        alpaca.tick(clock);
        return false;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return toast;
}

describe('opportunity alerts', () => {
  it('a strategy’s entry shows a toast linking to the symbol; opening it marks the alert read', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Opportunity alerts' }).waitFor({ timeout: 30_000 });
    await page.getByText('No unread opportunity alerts.').waitFor();
    await activateEveryBar(['AAPL', 'MSFT']);

    const toast = await tickUntilToast(page, ['AAPL', 'MSFT'], 'AAPL');
    expect(await toast.innerText()).toMatch(/Your strategy's entry\. Confidence \d+% · [+-]?[\d.]+% on average/);
    // The Dashboard's card lists both, unread.
    const card = page.getByRole('list', { name: 'Unread opportunity alerts' });
    await expect.poll(() => card.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);

    await toast.getByRole('link', { name: 'Open AAPL' }).click();
    await page.waitForURL(/\/stocks\/AAPL$/);
    await expect.poll(async () => (await unread()).map((alert) => alert.symbol)).toEqual(['MSFT']);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('takes screenshots of a toast and of the Dashboard card with unread alerts', async () => {
    const symbols = ['KO', 'JPM', 'XOM', 'PFE'];
    let shot = 0;
    await forEachScreenshotVariant(browser, async ({ name, scheme, page }) => {
      // a symbol of its own per variant, so that each one's toast is a new alert
      const symbol = symbols[shot++]!;
      await page.goto(`${server.url}/dashboard`);
      const row = page.getByRole('listitem', { name: 'Opportunity MSFT' });
      await row.waitFor({ timeout: 30_000 });
      expect(await row.innerText()).toMatch(/past cases?[\s\S]*Expires in/);
      await activateEveryBar([symbol]);
      const toast = await tickUntilToast(page, [symbol], symbol);
      // once it has slid in
      await toast.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-toast.png` });
      await scrollToRead(row);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-dashboard.png` });
    });
  }, 120_000);

  it('marks all read from the card, and follows a scan', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('listitem', { name: 'Opportunity MSFT' }).waitFor({ timeout: 30_000 }); // the 5th shown
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
    // (the followed scan may add its own by then)
    await expect
      .poll(() => created.getByTestId('scan-opportunity').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(6);
    expect(await created.innerText()).toMatch(/AAPL[\s\S]*Your strategy's entry/);
    // One alert per strategy and symbol: the bars that closed after each entry made none.
    const { opportunityAlerts } = await singleUserGql<{ opportunityAlerts: { symbol: string; source: string }[] }>(
      server.url,
      '{ opportunityAlerts { symbol source } }',
    );
    expect(
      opportunityAlerts
        .filter((alert) => alert.source === 'STRATEGY')
        .map((alert) => alert.symbol)
        .sort(),
    ).toEqual(['AAPL', 'JPM', 'KO', 'MSFT', 'PFE', 'XOM']);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
