// The Accounts page and the OAuth callback screen (issue 14 points 4 and 8) on the production build, against a local
// server speaking Alpaca's Trading API and OAuth (tests/fixtures/alpacaTradingServer.ts):
// - without an OAuth app on the server, Connect on Alpaca shows the server's message and offers the API-credentials
//   dialog: a wrong secret is refused at the field the server names; the right keys show the card with the masked
//   number and balances; Sync now reads the account again; Verify; Disconnect after its confirmation;
// - with an OAuth app, Connect goes to the consent page, which sends the user back to /oauth/callback: success, then
//   /onboarding after the delay, and Accounts lists the paper and the live account; a denied authorization shows
//   the provider's description, then the redirect.
// Screenshots of both screens, phone and desktop, dark and light.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { forEachScreenshotVariant, launchBrowser, watchedPage } from './browser';
import { freePort, startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/accounts';
const OAUTH_APP = { clientId: 'e2e-client', clientSecret: 'e2e-client-secret' };

let alpaca: FakeAlpacaTrading;
let keysServer: RunningServer;
let oauthServer: RunningServer;
let browser: Browser;

beforeAll(async () => {
  alpaca = await startFakeAlpacaTrading();
  const trading = { ALPACA_TRADING_PAPER_URL: alpaca.baseUrl, ALPACA_TRADING_LIVE_URL: alpaca.baseUrl };
  const port = await freePort();
  const publicOrigin = `http://localhost:${port}`;
  alpaca.oauthApp({ ...OAUTH_APP, redirectUri: `${publicOrigin}/oauth/callback` });
  [keysServer, oauthServer, browser] = await Promise.all([
    startServer(trading),
    startServer(
      {
        ...trading,
        ALPACA_OAUTH_CLIENT_ID: OAUTH_APP.clientId,
        ALPACA_OAUTH_CLIENT_SECRET: OAUTH_APP.clientSecret,
        ALPACA_OAUTH_AUTHORIZE_URL: `${alpaca.baseUrl}/oauth/authorize`,
        ALPACA_OAUTH_TOKEN_URL: `${alpaca.baseUrl}/oauth/token`,
        PUBLIC_ORIGIN: publicOrigin,
      },
      { port },
    ),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([keysServer?.stop(), oauthServer?.stop()]);
  await alpaca?.close();
});

const accountReads = () => alpaca.requests.filter((request) => request === 'GET /v2/account').length;

async function openAccounts(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/accounts`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Accounts');
}

describe('Accounts', () => {
  it('connects Alpaca with API keys when OAuth is not configured, syncs, verifies and disconnects', async () => {
    const { page, context } = await watchedPage(browser);
    await openAccounts(page, keysServer.url);
    await page.getByText('No broker accounts yet').waitFor();
    // Entries without an adapter are listed but cannot be connected.
    await expect.poll(() => page.getByText('Not yet available').count()).toBe(2);

    const card = page.getByLabel('Alpaca', { exact: true });
    await card.getByRole('button', { name: 'Connect', exact: true }).click();
    await card.getByText('OAuth for Alpaca is not configured on this server; connect with API keys instead.').waitFor();
    await card.getByRole('button', { name: 'Connect with API keys' }).click();

    const dialog = page.getByRole('dialog', { name: 'Connect Alpaca' });
    const connect = dialog.getByRole('button', { name: 'Connect', exact: true });
    expect(await connect.isDisabled()).toBe(true);
    await dialog.getByLabel('API key').fill(TRADING_KEY.keyId);
    expect(await connect.isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Account ID (optional)').count()).toBe(0);
    await dialog.getByLabel('API secret').fill('not-the-secret');
    await connect.click();
    await dialog.getByText('Alpaca refused these credentials').waitFor();

    await dialog.getByLabel('API secret').fill(TRADING_KEY.secretKey);
    await connect.click();
    const connection = page.getByLabel('Alpaca Paper ••••CCT1');
    await connection.waitFor();
    expect(await page.getByText('PA3TESTACCT1').count()).toBe(0);
    await connection.getByText('Connected', { exact: true }).waitFor();
    expect(await connection.getByText('$10,000.00').count()).toBeGreaterThanOrEqual(2); // cash, portfolio value

    const readsBefore = accountReads();
    await connection.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(accountReads).toBeGreaterThan(readsBefore);

    await connection.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Alpaca verified').first().waitFor();

    // Broker writes are online only: offline, the actions are disabled with the reason.
    await context.setOffline(true);
    await connection.getByText("You're offline. Broker changes need a live connection.").waitFor();
    expect(await connection.getByRole('button', { name: 'Sync now' }).isDisabled()).toBe(true);
    expect(await connection.getByRole('button', { name: 'Disconnect' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => connection.getByRole('button', { name: 'Disconnect' }).isDisabled()).toBe(false);

    await connection.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect Alpaca?' });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('No broker accounts yet').waitFor();
    await context.close();
  }, 90_000);
});

describe('OAuth', () => {
  it('connects Alpaca through the consent page, returns to onboarding after the delay and lists paper and live', async () => {
    const { page, context } = await watchedPage(browser);
    await openAccounts(page, oauthServer.url);
    await page.getByLabel('Alpaca', { exact: true }).getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/callback');
    await page.getByText('Alpaca connected').waitFor();
    await page.getByText('Live account ••••CCT1').waitFor();
    await page.locator('#initial-loading').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/oauth-callback-success-desktop.png` });
    await page.getByText('Taking you back to setup…').waitFor();
    await page.waitForURL((url) => url.pathname === '/onboarding');
    expect(await page.evaluate(() => sessionStorage.getItem('oauthState'))).toBeNull();

    await openAccounts(page, oauthServer.url);
    await page.getByLabel('Alpaca Paper ••••CCT1').waitFor();
    await page.getByLabel('Alpaca Live ••••CCT1').waitFor();
    await context.close();
  }, 90_000);

  it("shows the provider's description when the authorization is denied, then redirects", async () => {
    const { page, context } = await watchedPage(browser);
    await openAccounts(page, oauthServer.url);
    alpaca.denyNextAuthorization();
    await page.getByLabel('Alpaca', { exact: true }).getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/callback');
    await page.getByText('The user denied the request').waitFor();
    await page.waitForURL((url) => url.pathname === '/onboarding');
    await context.close();
  }, 90_000);

  it('refuses a callback without code or state, and goes to settings when no flow was started here', async () => {
    const { page, context } = await watchedPage(browser);
    await page.goto(`${oauthServer.url}/oauth/callback?code=abc`);
    await page.getByText('Invalid OAuth response. Missing required parameters.').waitFor();
    await page.waitForURL((url) => url.pathname === '/settings');
    await context.close();
  }, 60_000);

  it('looks right on phone and desktop, dark and light (screenshots)', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await openAccounts(page, oauthServer.url);
      await page.getByLabel('Alpaca Live ••••CCT1').waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-${name}-${scheme}.png`, fullPage: true });
      await page.goto(
        `${oauthServer.url}/oauth/callback?error=access_denied&error_description=The+user+denied+the+request`,
      );
      await page.getByText('The user denied the request').waitFor();
      await page.locator('#initial-loading').waitFor({ state: 'detached' });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/oauth-callback-${name}-${scheme}.png` });
    });
  }, 120_000);
});
