// Connecting Tradier from the Accounts page (issue 14 points 1 and 4) on the production build, against a local server
// speaking Tradier's brokerage API and OAuth (tests/fixtures/tradierServer.ts): Connect on Tradier goes to the consent
// page, which sends the user back to /oauth/callback: 'Tradier connected' with the live account (Tradier's OAuth
// tokens are live only), then /onboarding after the delay; Accounts lists the live account with its balances, and
// Sync now reads it again. Screenshots of the Accounts page with Tradier, phone and desktop, dark and light.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTradier, type FakeTradier } from '../fixtures/tradierServer';
import { forEachScreenshotVariant, launchBrowser, watchedPage } from './browser';
import { freePort, startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/tradier';
const OAUTH_APP = { clientId: 'e2e-tradier-client', clientSecret: 'e2e-tradier-secret' };

let tradier: FakeTradier;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  tradier = await startFakeTradier({ startingCash: 12_345 });
  const port = await freePort();
  const publicOrigin = `http://localhost:${port}`;
  tradier.oauthApp({ ...OAUTH_APP, redirectUri: `${publicOrigin}/oauth/callback` });
  [server, browser] = await Promise.all([
    startServer(
      {
        TRADIER_LIVE_URL: tradier.baseUrl,
        TRADIER_SANDBOX_URL: tradier.baseUrl,
        TRADIER_OAUTH_CLIENT_ID: OAUTH_APP.clientId,
        TRADIER_OAUTH_CLIENT_SECRET: OAUTH_APP.clientSecret,
        TRADIER_OAUTH_AUTHORIZE_URL: `${tradier.baseUrl}/oauth/authorize`,
        TRADIER_OAUTH_TOKEN_URL: tradier.baseUrl,
        PUBLIC_ORIGIN: publicOrigin,
      },
      { port },
    ),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tradier?.close();
});

async function openAccounts(page: Page): Promise<void> {
  await page.goto(`${server.url}/accounts`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Accounts');
}

describe('Tradier', () => {
  it('connects through the consent page, returns to onboarding after the delay, lists and syncs the live account', async () => {
    const { page, context } = await watchedPage(browser);
    await openAccounts(page);
    await page.getByLabel('Tradier', { exact: true }).getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/callback');
    await page.getByText('Tradier connected').waitFor();
    await page.getByText('Live account ••••0001').waitFor();
    expect(tradier.tokenRequests.at(-1)?.grant_type).toBe('authorization_code');
    await page.waitForURL((url) => url.pathname === '/onboarding');

    await openAccounts(page);
    const card = page.getByLabel('Tradier Live ••••0001');
    await card.waitFor();
    await card.getByText('$12,345.00').first().waitFor();
    const reads = () => tradier.requests.filter((request) => request.endsWith('/balances')).length;
    const before = reads();
    await card.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(reads).toBeGreaterThan(before);
    await context.close();
  }, 90_000);

  it('looks right on phone and desktop, dark and light (screenshots)', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await openAccounts(page);
      await page.getByLabel('Tradier Live ••••0001').waitFor();
      await page.locator('#initial-loading').waitFor({ state: 'detached' });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-${name}-${scheme}.png`, fullPage: true });
    });
  }, 120_000);
});
