// Issue 17 on the production build: the watchlist items show the server's details (price, the strongest technical
// signal, the alert count, the quantity held); a price alert is edited offline through the outbox like a new one
// (spec §7 updateAlert) and the list shows currentPrice and triggeredAt; screenshots of what changed (phone and
// desktop, dark and light): the cards, the edit dialog, the fixed offline banner and the chat's 'Reconnecting…'.
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, PHONE, watchedPage, scrollToRead } from './browser';
import { revealCard } from './cards';
import { goOffline, goOnline, untilWorkerControls } from './network';
import { startServer, type RunningServer } from './server';
import { singleUserGql } from './api';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/issue17';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ MARKET_HOURS: 'always' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
  singleUserGql<T>(server.url, query, variables);

interface ServerAlert {
  id: string;
  symbol: string;
  condition: string;
  triggerPrice: number;
  message: string;
  currentPrice: number | null;
  triggeredAt: string | null;
}
const serverAlerts = async () =>
  (
    await gql<{ alerts: ServerAlert[] }>(
      '{ alerts { id symbol condition triggerPrice message currentPrice triggeredAt } }',
    )
  ).alerts;

const createAlert = (symbol: string, condition: string, triggerPrice: number) =>
  gql('mutation A($input: CreateAlertInput!) { createAlert(input: $input) { id } }', {
    input: { symbol, condition, triggerPrice },
  });

/** Opens the Dashboard and scrolls to the Watchlists and Price alerts cards (mounted only near the screen). */
async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${server.url}/`);
  await revealCard(page, 'Watchlists');
  await revealCard(page, 'Price alerts');
}

const item = (page: Page, symbol: string) => page.locator(`[data-testid="watchlist-item"][data-symbol="${symbol}"]`);

beforeAll(async () => {
  await gql('mutation { createWatchlist(name: "Picks", symbols: ["AAPL", "MSFT", "NVDA"]) { id } }');
  await createAlert('AAPL', 'above', 9000);
  await createAlert('AAPL', 'below', 1);
  await gql('mutation { placeOrder(input: { symbol: "MSFT", side: BUY, type: MARKET, quantity: 2 }) { status } }');
  // Fires on the next quote: the list shows its price and time.
  await createAlert('NVDA', 'above', 1);
  for (let tries = 0; tries < 100; tries += 1) {
    if ((await serverAlerts()).find((alert) => alert.symbol === 'NVDA')?.triggeredAt) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the NVDA alert did not fire');
}, 60_000);

describe('watchlist items', () => {
  it('show the price, the strongest signal, the alert count and the quantity held', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await openDashboard(page);
    // Cards below the first view are mounted once scrolled to, so their text is read where a trader would read it.
    await revealCard(page, 'Watchlists');

    await expect.poll(() => item(page, 'AAPL').getByTestId('watchlist-item-alerts').textContent()).toBe('2 alerts');
    await expect.poll(() => item(page, 'MSFT').getByTestId('watchlist-item-position').textContent()).toBe('Held 2');
    expect(await item(page, 'MSFT').getByTestId('watchlist-item-alerts').count()).toBe(0);
    await expect.poll(() => item(page, 'AAPL').innerText()).toMatch(/\$\d/);

    // The badge is the technical-analysis service's strongest signal for the symbol.
    for (const symbol of ['AAPL', 'MSFT', 'NVDA']) {
      const { technicalAnalysis } = await gql<{
        technicalAnalysis: { signals: { strength: number; recommendation: string }[] };
      }>(`{ technicalAnalysis(symbol: "${symbol}") { signals { strength recommendation } } }`);
      const strongest = [...technicalAnalysis.signals].sort((a, b) => b.strength - a.strength)[0];
      const badge = item(page, symbol).getByTestId('watchlist-item-signal');
      if (!strongest) {
        expect(await badge.count()).toBe(0);
        continue;
      }
      const label = strongest.recommendation.includes('BUY')
        ? 'Buy'
        : strongest.recommendation.includes('SELL')
          ? 'Sell'
          : 'Hold';
      await expect.poll(() => badge.innerText()).toMatch(new RegExp(`^${label}`));
    }
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe('price alerts', () => {
  it('list currentPrice and triggeredAt', async () => {
    const { page, context } = await watchedPage(browser, { viewport: DESKTOP });
    await openDashboard(page);
    const fired = (await serverAlerts()).find((alert) => alert.symbol === 'NVDA');
    const row = page.getByRole('listitem', { name: 'Alert NVDA above $1.00' });
    await scrollToRead(row);
    await expect
      .poll(() => row.getByTestId('alert-current-price').innerText())
      .toMatch(/^Price at trigger \$[\d,]+\.\d\d$/);
    expect(await row.getByTestId('alert-current-price').innerText()).toContain(
      fired?.currentPrice?.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    expect(await row.getByTestId('alert-triggered-at').innerText()).not.toContain('Not yet');
    const waiting = page.getByRole('listitem', { name: 'Alert AAPL above $9,000.00' });
    // A waiting alert shows its symbol's live price.
    await expect
      .poll(() => waiting.getByTestId('alert-current-price').innerText())
      .toMatch(/^Current price \$[\d,]+\.\d\d$/);
    expect(await waiting.getByTestId('alert-triggered-at').innerText()).toBe('Triggered Not yet');
    await context.close();
  });

  it('are edited offline (condition, trigger price, message) and the edit reaches the server once back online', async () => {
    const { page, context } = await watchedPage(browser, { viewport: PHONE });
    await openDashboard(page);
    await untilWorkerControls(page);
    await goOffline(context);

    await page.getByRole('button', { name: 'Edit alert AAPL above $9,000.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit AAPL alert' });
    expect(await dialog.getByLabel('Trigger price ($)').inputValue()).toBe('9000.00');
    await dialog.getByLabel('Trigger price ($)').fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Enter a price greater than 0.').waitFor();
    await dialog.getByText('Below', { exact: true }).click();
    await dialog.getByLabel('Trigger price ($)').fill('2.50');
    await dialog.getByLabel('Message').fill('Back to the lows');
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    const row = page.getByRole('listitem', { name: 'Alert AAPL below $2.50' });
    await row.waitFor();
    expect(await row.getByTestId('alert-message').innerText()).toBe('Back to the lows');
    await page
      .getByRole('button', { name: /^1 pending/ })
      .first()
      .waitFor();
    expect(
      (await serverAlerts())
        .filter((alert) => alert.symbol === 'AAPL')
        .map((alert) => alert.triggerPrice)
        .sort(),
    ).toEqual([1, 9000]);

    await goOnline(context);
    await expect
      .poll(async () => (await serverAlerts()).find((alert) => alert.triggerPrice === 2.5) ?? null, { timeout: 20_000 })
      .toMatchObject({ symbol: 'AAPL', condition: 'below', message: 'Back to the lows' });
    expect((await serverAlerts()).some((alert) => alert.triggerPrice === 9000)).toBe(false);
    await context.close();
  });
});

describe('chat state', () => {
  it("shows 'Reconnecting…' while the socket is retried, then Connected", async () => {
    const { page, context } = await watchedPage(browser, { viewport: DESKTOP });
    const sockets: WebSocketRoute[] = [];
    let refuse = false;
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      if (refuse) return void socket.close({ code: 1012, reason: 'Service Restart' });
      socket.connectToServer();
      sockets.push(socket);
    });
    await openDashboard(page);
    await page.keyboard.press('Control+Shift+A');
    const indicator = page.getByTestId('chat-connection');
    await expect.poll(() => indicator.innerText(), { timeout: 20_000 }).toBe('Connected');

    refuse = true;
    for (const socket of sockets.splice(0)) await socket.close({ code: 1012, reason: 'Service Restart' });
    await expect.poll(() => indicator.innerText()).toBe('Reconnecting…');
    expect(await indicator.getAttribute('data-state')).toBe('reconnecting');

    refuse = false;
    await expect.poll(() => indicator.innerText(), { timeout: 40_000 }).toBe('Connected');
    await context.close();
  }, 90_000);
});

describe('screenshots (phone and desktop, dark and light)', () => {
  it('watchlist and alert cards, the alert edit dialog, the offline banner and Reconnecting…', async () => {
    await forEachScreenshotVariant(browser, async ({ page, context, name, scheme }) => {
      let refuse = false;
      const sockets: WebSocketRoute[] = [];
      await page.routeWebSocket(/\/graphql$/, (socket) => {
        if (refuse) return void socket.close({ code: 1012, reason: 'Service Restart' });
        socket.connectToServer();
        sockets.push(socket);
      });
      await openDashboard(page);
      const shot = `${SCREENSHOT_DIR}/${name}-${scheme}`;
      await item(page, 'MSFT').getByTestId('watchlist-item-position').waitFor({ timeout: 20_000 });
      await page.getByRole('region', { name: 'Watchlists' }).screenshot({ path: `${shot}-watchlists.png` });
      await page.getByRole('region', { name: 'Price alerts' }).screenshot({ path: `${shot}-alerts.png` });

      await page
        .getByRole('button', { name: /^Edit alert/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: /^Edit .* alert$/ }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shot}-edit-dialog.png` });
      await page.keyboard.press('Escape');

      await page.evaluate(() => window.scrollTo(0, 0));
      await context.setOffline(true);
      await page.getByTestId('offline-banner').waitFor();
      await page.screenshot({ path: `${shot}-offline-banner.png` });
      await context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });

      await page.keyboard.press('Control+Shift+A');
      await expect.poll(() => page.getByTestId('chat-connection').innerText(), { timeout: 20_000 }).toBe('Connected');
      refuse = true;
      for (const socket of sockets.splice(0)) await socket.close({ code: 1012, reason: 'Service Restart' });
      await expect.poll(() => page.getByTestId('chat-connection').innerText()).toBe('Reconnecting…');
      await page.screenshot({ path: `${shot}-chat-reconnecting.png` });
    });
  }, 240_000);
});
