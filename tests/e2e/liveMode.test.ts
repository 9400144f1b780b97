// Live mode end to end on the production build (issue 14 point 7), against a local server speaking Alpaca's Trading
// API and trade_updates stream (tests/fixtures/alpacaTradingServer.ts): with a verified live account connected, the
// Paper/Live switch goes to Live, the red 'Live' marker shows in the shell (phone top bar, desktop side navigation),
// and an order from the ticket reaches the broker server; back on Paper the marker goes. A configuration that fails to
// load shows 'Failed to load trading mode configuration' and paper with the demo broker.
// Screenshots of the shell in live mode, phone and desktop, dark and light.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { singleUserGql } from './api';
import { forEachScreenshotVariant, launchBrowser, watchedPage } from './browser';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/live-mode';

let alpaca: FakeAlpacaTrading;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  alpaca = await startFakeAlpacaTrading();
  [server, browser] = await Promise.all([
    startServer({
      MARKET_HOURS: 'always',
      ALPACA_TRADING_PAPER_URL: alpaca.baseUrl,
      ALPACA_TRADING_LIVE_URL: alpaca.baseUrl,
    }),
    launchBrowser(),
  ]);
  const { marketData } = await singleUserGql<{ marketData: { ask: number } }>(
    server.url,
    'query Q($symbol: String!) { marketData(symbol: $symbol) { ask } }',
    { symbol: 'INTC' },
  );
  alpaca.setPrice('INTC', marketData.ask);
  await singleUserGql(
    server.url,
    `mutation C($credentials: BrokerCredentialsInput!) {
      connectBroker(provider: "alpaca", credentials: $credentials) { id } }`,
    { credentials: { apiKey: TRADING_KEY.keyId, apiSecret: TRADING_KEY.secretKey, environment: 'LIVE' } },
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await alpaca?.close();
});

const orderPosts = () => alpaca.requests.filter((request) => request === 'POST /v2/orders').length;
const marker = (page: Page) => page.getByTestId('live-mode-marker');

describe('live mode', () => {
  it('switches to Live, shows the red marker, and an order from the ticket reaches the broker', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${server.url}/stocks/INTC`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/INTC · Intel/);
    expect(await marker(page).count()).toBe(0);

    const modes = page.getByRole('radiogroup', { name: 'Trading mode' }).first();
    await modes.getByText('Live', { exact: true }).click();
    await expect.poll(() => modes.getByRole('radio', { name: 'Live' }).isChecked()).toBe(true);
    await marker(page).first().waitFor();
    expect(await marker(page).first().textContent()).toBe('Live');

    const before = orderPosts();
    const ticket = page.getByRole('form', { name: 'Order ticket INTC' });
    await ticket.getByLabel('Quantity').fill('1');
    await ticket.getByRole('button', { name: 'Buy 1 INTC' }).click();
    await expect.poll(orderPosts, { timeout: 15_000 }).toBe(before + 1);
    // The broker's fill comes back over its stream into the app's order updates.
    await page.getByText('Order filled').first().waitFor();

    await modes.getByText('Paper', { exact: true }).click();
    await expect.poll(() => marker(page).count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  }, 90_000);

  it('falls back to paper with the demo broker when the configuration fails to load', async () => {
    const { page, context } = await watchedPage(browser);
    await page.route('**/graphql', (route) =>
      route.request().postData()?.includes('query TradingMode')
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' })
        : route.continue(),
    );
    await page.goto(`${server.url}/dashboard`);
    await page.getByText('Failed to load trading mode configuration').first().waitFor({ timeout: 30_000 });
    await page.getByText('Paper trading with the demo broker.').first().waitFor();
    const modes = page.getByRole('radiogroup', { name: 'Trading mode' }).first();
    expect(await modes.getByRole('radio', { name: 'Paper' }).isChecked()).toBe(true);
    expect(await marker(page).count()).toBe(0);
    await context.close();
  }, 90_000);

  it('looks right on phone and desktop, dark and light (screenshots)', async () => {
    await singleUserGql(server.url, 'mutation { updateTradingMode(input: { mode: live }) { success } }');
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await page.goto(`${server.url}/dashboard`);
      await marker(page).first().waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/live-shell-${name}-${scheme}.png` });
    });
    await singleUserGql(server.url, 'mutation { updateTradingMode(input: { mode: paper }) { success } }');
  }, 90_000);
});
