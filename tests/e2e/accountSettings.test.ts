// Settings → Your account (issue 14 point 8) on the production build with AUTH_MODE=otp: export my data downloads
// the user's records as JSON; sign out everywhere ends this device's session and another device's; delete my account
// needs the word DELETE, then the user is signed out and signing in again starts a new account (the wizard again).
// Screenshots of the section, phone and desktop, dark and light.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, startSmtpServer, type SmtpTestServer } from '../fixtures/smtpServer';
import { forEachScreenshotVariant, launchBrowser, watchedPage, scrollToRead } from './browser';
import { revealCard } from './cards';
import { goOffline, goOnline, untilWorkerControls } from './network';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/settings';

let smtp: SmtpTestServer;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([
    startServer({ AUTH_MODE: 'otp', SMTP_URL: smtp.url, MAIL_FROM: 'AI Trader <no-reply@example.test>' }),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Signs in with a code; a new user is sent to the wizard, which is skipped. Ends on the Settings page. */
async function signInToSettings(page: Page, email: string, options: { newUser: boolean }): Promise<void> {
  await page.goto(`${server.url}/`);
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification code').fill(codeIn(await smtp.waitForMessage(email)));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  // Signed in once the session is stored (leaving the page earlier would abandon the sign-in).
  await page.waitForFunction(() => localStorage.getItem('authToken') !== null);
  if (options.newUser) {
    await page.waitForURL((url) => url.pathname === '/onboarding');
    // By keyboard: on a phone the sign-in toast may cover the button.
    await page.getByRole('button', { name: 'Go to Dashboard' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
  }
  await page.goto(`${server.url}/settings`);
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
}

/** `me` as the page's stored token: the user's email, or the error message. */
function me(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}`,
      },
      body: JSON.stringify({ query: '{ me { email } }' }),
    });
    const body = (await response.json()) as { data?: { me: { email: string } }; errors?: { message: string }[] };
    return body.data?.me.email ?? body.errors?.[0]?.message ?? 'no answer';
  });
}

const loginScreen = (page: Page) => page.getByRole('button', { name: 'Send Code' }).waitFor();

describe('Settings: your account', () => {
  it("a second user on the same device never sees or sends the first user's queued writes", async () => {
    const { page, context } = await watchedPage(browser);
    await signInToSettings(page, 'first-on-device@example.test', { newUser: true });
    await page.goto(`${server.url}/`);
    const card = (await revealCard(page, 'Watchlists')).getByRole('region', { name: 'Watchlists' });
    await untilWorkerControls(page);

    // Offline, the first user makes a watchlist (queued on the device), then signs out still offline.
    await goOffline(context);
    await card.getByRole('button', { name: /New/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New watchlist' });
    await dialog.getByLabel('Name').fill('First user only');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await card.getByRole('heading', { name: 'First user only' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).press('Enter');
    await loginScreen(page);

    // Back online, someone else signs in on the same browser.
    await goOnline(context);
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByLabel('Email address').fill('second-on-device@example.test');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Verification code').fill(codeIn(await smtp.waitForMessage('second-on-device@example.test')));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.waitForFunction(() => localStorage.getItem('authToken') !== null);
    await page.goto(`${server.url}/`);
    // The card is mounted once scrolled near (a new user's Dashboard may hold it below the first screen).
    await revealCard(page, 'Watchlists');
    await card.waitFor({ timeout: 20_000 });

    // The device's outbox is empty (dropped, not sent as the second user), and neither account holds the list.
    const queued = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('ai-trading-local');
            open.onerror = () => reject(new Error('cannot open the local database'));
            open.onsuccess = () => {
              const count = open.result.transaction('outbox').objectStore('outbox').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      );
    await expect.poll(queued).toBe(0);
    const names = await page.evaluate(async () => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}`,
        },
        body: JSON.stringify({ query: '{ watchlists { name } }' }),
      });
      const body = (await response.json()) as { data: { watchlists: { name: string }[] } };
      return body.data.watchlists.map((list) => list.name);
    });
    expect(names).not.toContain('First user only');
    expect(await card.getByRole('heading', { name: 'First user only' }).count()).toBe(0);
    await context.close();
  });

  it('exports the user’s data as a JSON download', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await signInToSettings(page, 'exporter@example.test', { newUser: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export my data' }).press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tradingapp-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      user: { email: string };
      tables: Record<string, unknown[]>;
    };
    expect(data.user.email).toBe('exporter@example.test');
    expect(data.tables.onboarding).toHaveLength(1);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('signs out everywhere: this device and another one', async () => {
    const here = await watchedPage(browser);
    const there = await watchedPage(browser);
    await signInToSettings(here.page, 'traveller@example.test', { newUser: true });
    await signInToSettings(there.page, 'traveller@example.test', { newUser: false });
    expect(await me(there.page)).toBe('traveller@example.test');

    await here.page.getByRole('button', { name: 'Sign out everywhere' }).press('Enter');
    const dialog = here.page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await loginScreen(here.page);
    expect(await me(there.page)).toMatch(/unauthorized/);
    await here.context.close();
    await there.context.close();
  });

  it('deletes the account only after DELETE is typed; signing in again starts afresh', async () => {
    const { page, context } = await watchedPage(browser);
    await signInToSettings(page, 'leaver@example.test', { newUser: true });
    await page.getByRole('button', { name: 'Delete my account' }).press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await loginScreen(page);

    // The same address is a new user now: the wizard again.
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByLabel('Email address').fill('leaver@example.test');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Verification code').fill(codeIn(await smtp.waitForMessage('leaver@example.test')));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding');
    await context.close();
  });

  it('screenshots of the section, phone and desktop, dark and light', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await signInToSettings(page, `shot-${name}-${scheme}@example.test`, { newUser: true });
      const section = page.getByRole('heading', { name: 'Your account' }).locator('xpath=ancestor::section[1]');
      await scrollToRead(section);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await page.screenshot({ path: `${SCREENSHOT_DIR}/account-${name}-${scheme}.png` });
      await page.getByRole('button', { name: 'Delete my account' }).press('Enter');
      await page.getByRole('alertdialog', { name: 'Delete your account?' }).waitFor();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await page.screenshot({ path: `${SCREENSHOT_DIR}/delete-${name}-${scheme}.png` });
    });
  });
});
