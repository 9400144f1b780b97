// The onboarding wizard (issue 14 point 5, spec §2, §4) on the production build with AUTH_MODE=otp, against a local
// server speaking Alpaca's Trading API (tests/fixtures/alpacaTradingServer.ts):
// - a new user is sent to /onboarding after signing in; connects Alpaca with API keys ('Connected' with a check),
//   sets parameters (a preset fills its values, no asset type is refused, a bad amount is named), reloads and
//   resumes at the saved step, is refused live trading with a paper-only account, picks paper, completes the setup
//   and lands on /; the next sign-in opens the app;
// - the close X and Go to Dashboard skip to / (even when the skip call fails), and the user is not sent back;
// - with an OAuth app: Connect goes through the consent page and the callback back to the wizard, which shows
//   Alpaca connected; live is accepted with the verified live account, and Complete Setup lands on / in live mode;
// - Settings edits the same parameters with the same form.
// Screenshots of every step and of Settings, phone and desktop, dark and light.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { codeIn, startSmtpServer, type SmtpTestServer } from '../fixtures/smtpServer';
import { forEachScreenshotVariant, launchBrowser, watchedPage } from './browser';
import { freePort, startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/onboarding';

let alpaca: FakeAlpacaTrading;
let smtp: SmtpTestServer;
let server: RunningServer;
let oauthServer: RunningServer;
let browser: Browser;
const OAUTH_APP = { clientId: 'e2e-client', clientSecret: 'e2e-client-secret' };

beforeAll(async () => {
  [alpaca, smtp] = await Promise.all([startFakeAlpacaTrading(), startSmtpServer()]);
  const common = {
    AUTH_MODE: 'otp',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'AI Trader <no-reply@example.test>',
    ALPACA_TRADING_PAPER_URL: alpaca.baseUrl,
    ALPACA_TRADING_LIVE_URL: alpaca.baseUrl,
  };
  const port = await freePort();
  const publicOrigin = `http://localhost:${port}`;
  alpaca.oauthApp({ ...OAUTH_APP, redirectUri: `${publicOrigin}/oauth/callback` });
  [server, oauthServer, browser] = await Promise.all([
    startServer(common),
    startServer(
      {
        ...common,
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
  await Promise.all([server?.stop(), oauthServer?.stop()]);
  await Promise.all([alpaca?.close(), smtp?.close()]);
});

async function signIn(page: Page, email: string, on = server): Promise<void> {
  await page.goto(`${on.url}/`);
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const code = codeIn(await smtp.waitForMessage(email));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
}

async function onStep(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
  await settled(page);
}

/** The loading screen gone and no animation running (a dialog's fade, a segment's slide): ready for a screenshot. */
async function settled(page: Page): Promise<void> {
  await page.locator('#initial-loading').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

const choose = (page: Page, group: string, option: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
const toggle = (page: Page, label: string) => page.getByRole('switch', { name: label }).locator('xpath=..').click();

const stepStates = (page: Page) =>
  page.locator('ol li').evaluateAll((items) => items.map((item) => item.dataset.state));

async function onboardingStatus(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const response = await fetch('/api/onboarding/status', {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
    });
    return ((await response.json()) as { status: Record<string, unknown> }).status;
  });
}

/** A GraphQL query as the page's signed-in user. */
async function signedInGql(page: Page, query: string): Promise<unknown> {
  return page.evaluate(async (text) => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}`,
      },
      body: JSON.stringify({ query: text }),
    });
    return ((await response.json()) as { data: unknown }).data;
  }, query);
}

describe('onboarding wizard', () => {
  it('takes a new user from sign-in through broker, parameters and mode to the Dashboard, resuming after a reload', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await signIn(page, 'new-trader@example.test');
    await page.waitForURL((url) => url.pathname === '/onboarding');
    await onStep(page, 'Connect Your Broker');
    expect(await stepStates(page)).toEqual(['current', 'upcoming', 'upcoming']);
    await page.getByLabel('Charles Schwab', { exact: true }).getByText('Not yet available').waitFor();

    // No OAuth app on this server: the API-credentials dialog, then 'Connected' with a check.
    const card = page.getByLabel('Alpaca', { exact: true });
    await card.getByRole('button', { name: 'Connect', exact: true }).click();
    await card.getByRole('button', { name: 'Connect with API keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Alpaca' });
    await dialog.getByLabel('API key').fill(TRADING_KEY.keyId);
    await dialog.getByLabel('API secret').fill(TRADING_KEY.secretKey);
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await card.getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await onStep(page, 'Set Trading Parameters');
    expect(await stepStates(page)).toEqual(['done', 'current', 'upcoming']);
    await page.getByLabel('Risk tolerance').selectOption('aggressive');
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Max position size ($)' }).inputValue()).toBe('2000');
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Daily loss limit ($)' }).inputValue()).toBe('1000');
    await expect.poll(() => page.getByLabel('Account size allocation').inputValue()).toBe('100');
    const save = page.getByRole('button', { name: 'Save and continue' });
    for (const asset of ['Stocks', 'ETFs']) await toggle(page, asset);
    await page.getByText('Please select at least one asset type').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await toggle(page, 'Stocks');
    await page.getByRole('spinbutton', { name: 'Max position size ($)' }).fill('150');
    await save.click();
    await page.getByText(/Max position size must be from \$100/).waitFor();
    await page.getByRole('spinbutton', { name: 'Max position size ($)' }).fill('2500');
    // The slider by keyboard: 100% down 8 steps of 5.
    for (let press = 0; press < 8; press += 1) await page.getByLabel('Account size allocation').press('ArrowLeft');
    await save.click();

    await onStep(page, 'Choose Trading Mode');
    await page.reload();
    await onStep(page, 'Choose Trading Mode');
    expect(await stepStates(page)).toEqual(['done', 'done', 'current']);
    await page.getByRole('button', { name: 'Previous' }).click();
    await onStep(page, 'Set Trading Parameters');
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Max position size ($)' }).inputValue()).toBe('2500');
    await expect.poll(() => page.getByLabel('Account size allocation').inputValue()).toBe('60');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await onStep(page, 'Choose Trading Mode');
    const complete = page.getByRole('button', { name: 'Complete Setup' });
    expect(await complete.isDisabled()).toBe(true);
    await choose(page, 'Trading mode', 'Live');
    await page.getByText('Please confirm that you understand the risks of live trading').waitFor();
    expect(await page.getByRole('button', { name: 'Use live trading' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Use live trading' }).click();
    // Only a paper account is connected: the server refuses live and the wizard says a broker is needed.
    await page.getByText('Connect a verified live broker account in the first step, then choose Live again.').waitFor();
    expect(await complete.isDisabled()).toBe(true);

    await choose(page, 'Trading mode', 'Paper');
    await page.getByRole('button', { name: 'Use paper trading' }).click();
    await page.getByText('Paper trading is saved. Complete Setup to start.').waitFor();
    await complete.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    expect(await onboardingStatus(page)).toMatchObject({
      onboardingCompleted: true,
      brokerConnected: true,
      tradingParametersSet: true,
      modeSelected: true,
    });

    // Settings edits the same parameters with the same form.
    await page.goto(`${server.url}/settings`);
    const section = page.getByRole('region', { name: 'Trading parameters' });
    await expect
      .poll(() => section.getByRole('spinbutton', { name: 'Max position size ($)' }).inputValue())
      .toBe('2500');
    await section.getByRole('spinbutton', { name: 'Daily loss limit ($)' }).fill('1200');
    await section.getByRole('button', { name: 'Save parameters' }).click();
    await page.getByText('Preferences Updated').first().waitFor();
    expect(await signedInGql(page, '{ tradingParameters { maxPositionSize dailyLossLimit } }')).toEqual({
      tradingParameters: { maxPositionSize: 2500, dailyLossLimit: 1200 },
    });
    await page.getByRole('region', { name: 'Connected brokers' }).getByText('1 broker account connected.').waitFor();

    // Completed: the next sign-in opens the app, not the wizard.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('heading', { name: 'AI-Powered Trading Platform' }).waitFor();
    await signIn(page, 'new-trader@example.test');
    await page.getByText('Verification Successful').first().waitFor();
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems().filter((problem) => !/\b(401|409)\b/.test(problem))).toEqual([]);
    await context.close();
  }, 150_000);

  it('the close X skips to /, Go to Dashboard goes there even when the skip call fails', async () => {
    const { page, context } = await watchedPage(browser);
    await signIn(page, 'skipper@example.test');
    await onStep(page, 'Connect Your Broker');
    await page.getByRole('button', { name: 'Connect Later' }).click();
    await page.getByRole('dialog', { name: 'Connect a broker later?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Connect Later' }).click();
    await onStep(page, 'Set Trading Parameters');

    await page.route('**/api/onboarding/skip', (route) => route.abort());
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.unroute('**/api/onboarding/skip');
    expect(await onboardingStatus(page)).toMatchObject({ onboardingSkipped: false });

    await page.goto(`${server.url}/onboarding`);
    await onStep(page, 'Set Trading Parameters');
    await page.getByRole('button', { name: 'Close setup' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await onboardingStatus(page)).toMatchObject({ onboardingSkipped: true, onboardingCompleted: false });
    await context.close();
  }, 90_000);

  it('connects Alpaca by OAuth from the wizard, comes back to it and chooses live with the verified live account', async () => {
    const { page, context } = await watchedPage(browser);
    await signIn(page, 'oauth-trader@example.test', oauthServer);
    await onStep(page, 'Connect Your Broker');
    await page.getByLabel('Alpaca', { exact: true }).getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/callback');
    await page.getByText('Alpaca connected').waitFor();
    await page.waitForURL((url) => url.pathname === '/onboarding');
    await onStep(page, 'Connect Your Broker');
    await page.getByLabel('Alpaca', { exact: true }).getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await onStep(page, 'Set Trading Parameters');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await onStep(page, 'Choose Trading Mode');
    await choose(page, 'Trading mode', 'Live');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Use live trading' }).click();
    await page.getByText('Live trading is saved. Complete Setup to start.').waitFor();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await signedInGql(page, '{ tradingMode { effectiveMode } }')).toEqual({
      tradingMode: { effectiveMode: 'live' },
    });
    await context.close();
  }, 90_000);

  it('looks right on phone and desktop, dark and light (screenshots)', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await signIn(page, `shot-${name}-${scheme}@example.test`);
      await onStep(page, 'Connect Your Broker');
      await page.getByText('Verification Successful').waitFor({ state: 'hidden' });
      await page.getByLabel('Charles Schwab', { exact: true }).getByText('Not yet available').waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/broker-${name}-${scheme}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Connect Later' }).click();
      const confirm = page.getByRole('dialog', { name: 'Connect a broker later?' });
      await confirm.waitFor();
      await settled(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/connect-later-${name}-${scheme}.png` });
      await confirm.getByRole('button', { name: 'Connect Later' }).click();
      await onStep(page, 'Set Trading Parameters');
      await page.screenshot({ path: `${SCREENSHOT_DIR}/parameters-${name}-${scheme}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await onStep(page, 'Choose Trading Mode');
      await choose(page, 'Trading mode', 'Live');
      await page.getByText('Please confirm that you understand the risks of live trading').waitFor();
      await settled(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/mode-${name}-${scheme}.png`, fullPage: true });
      await page.goto(`${server.url}/settings`);
      await page
        .getByRole('region', { name: 'Trading parameters' })
        .getByRole('spinbutton', { name: 'Daily loss limit ($)' })
        .waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-${name}-${scheme}.png`, fullPage: true });
    });
  }, 240_000);
});
