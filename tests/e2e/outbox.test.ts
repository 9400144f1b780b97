// Offline writes through the outbox on the production build: a watchlist and a price alert made offline stay
// on the device across an offline reload and reach the server exactly once when the connection returns; a
// write queued offline is delivered by the service worker's Background Sync with the page closed.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { launchBrowser, watchedPage } from './browser';
import { revealCard } from './cards';
import { goOffline, goOnline, untilWorkerControls } from './network';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Asks the server directly (as the single user) what it holds. */
async function serverData<T>(query: string): Promise<T> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SINGLE_USER_TOKEN}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: unknown };
  if (!body.data) throw new Error(`server query failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const serverWatchlists = () =>
  serverData<{ watchlists: { id: string; name: string; symbols: string[] }[] }>('{ watchlists { id name symbols } }');
const serverAlerts = () =>
  serverData<{
    alerts: {
      id: string;
      symbol: string;
      condition: string;
      triggerPrice: number;
      isActive: boolean;
      isRead: boolean;
    }[];
  }>('{ alerts { id symbol condition triggerPrice isActive isRead } }');

/** Scrolls to the Watchlists and Price alerts cards, below the first view (mounted only near the screen). */
async function revealWatchlistsAndAlerts(page: Page): Promise<void> {
  await revealCard(page, 'Watchlists');
  await revealCard(page, 'Price alerts');
}

async function openDashboard(): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await watchedPage(browser);
  await page.goto(`${server.url}/`);
  await revealWatchlistsAndAlerts(page);
  await untilWorkerControls(page);
  return { page, context };
}

async function createWatchlist(page: Page, name: string): Promise<void> {
  const card = page.getByRole('region', { name: 'Watchlists' });
  await card.getByRole('button', { name: /New/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New watchlist' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await card.getByRole('heading', { name }).waitFor();
}

const pendingBadge = (page: Page, count: number) =>
  page.getByRole('button', { name: new RegExp(`^${count} pending`) }).first();

describe('outbox e2e', () => {
  it('keeps a watchlist and an alert made offline across an offline reload and sends each once', async () => {
    const { page, context } = await openDashboard();
    await goOffline(context);

    await createWatchlist(page, 'Offline picks');
    await page.getByLabel('Add a symbol to Offline picks').fill('aapl');
    await page.getByRole('article', { name: 'Watchlist Offline picks' }).getByRole('button', { name: 'Add' }).click();
    await page.getByRole('link', { name: 'AAPL' }).waitFor();

    // Inline validation: unknown symbol and a price that is not positive are refused in the dialog.
    await page.getByRole('region', { name: 'Price alerts' }).getByRole('button', { name: /New/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New price alert' });
    await dialog.getByLabel('Symbol').fill('ZZZZ');
    await dialog.getByLabel('Trigger price ($)').fill('0');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await dialog.getByText('Unknown symbol ZZZZ. Pick one from the suggestions.').waitFor();
    await dialog.getByText('Enter a price greater than 0.').waitFor();
    await dialog.getByLabel('Symbol').fill('MSFT');
    await dialog.getByText('Below', { exact: true }).click();
    await dialog.getByLabel('Trigger price ($)').fill('123.45');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await page.getByRole('listitem', { name: 'Alert MSFT below $123.45' }).waitFor();

    await pendingBadge(page, 3).waitFor();

    // Still offline: the reload renders from the worker's precache and the local database.
    await page.reload();
    await revealWatchlistsAndAlerts(page);
    await page.getByRole('heading', { name: 'Offline picks' }).waitFor({ timeout: 20_000 });
    await page.getByRole('listitem', { name: 'Alert MSFT below $123.45' }).waitFor();
    await pendingBadge(page, 3).waitFor();
    expect((await serverWatchlists()).watchlists.filter((list) => list.name === 'Offline picks')).toEqual([]);

    await goOnline(context);
    await expect.poll(() => page.getByRole('button', { name: /pending/ }).count(), { timeout: 20_000 }).toBe(0);

    const lists = (await serverWatchlists()).watchlists.filter((list) => list.name === 'Offline picks');
    expect(lists.map(({ name, symbols }) => ({ name, symbols }))).toEqual([
      { name: 'Offline picks', symbols: ['AAPL'] },
    ]);
    const alerts = (await serverAlerts()).alerts.filter((alert) => alert.symbol === 'MSFT');
    expect(alerts.map(({ condition, triggerPrice }) => ({ condition, triggerPrice }))).toEqual([
      { condition: 'below', triggerPrice: 123.45 },
    ]);
    await context.close();
  });

  it('renames a watchlist, removes a symbol, toggles, reads and deletes an alert, and deletes the list after confirming', async () => {
    const { page, context } = await openDashboard();
    // The server's state, polled: the outbox sends each change shortly after it is made.
    const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
    const named = async (name: string) =>
      (await serverWatchlists()).watchlists.filter((list) => list.name === name).map((list) => list.symbols);

    await createWatchlist(page, 'Chips');
    for (const symbol of ['NVDA', 'AMD']) {
      await page.getByLabel('Add a symbol to Chips').fill(symbol);
      await page.getByRole('article', { name: 'Watchlist Chips' }).getByRole('button', { name: 'Add' }).click();
      await page.getByRole('article', { name: 'Watchlist Chips' }).getByRole('link', { name: symbol }).waitFor();
    }
    await page.getByRole('button', { name: 'Rename Chips' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename watchlist' });
    await expect.poll(() => rename.getByLabel('Name').inputValue()).toBe('Chips');
    await rename.getByLabel('Name').fill('Semis');
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('article', { name: 'Watchlist Semis' }).waitFor();
    await page.getByRole('button', { name: 'Remove AMD from Semis' }).click();
    // Within the list: the Dashboard's other cards (scanner, news) may link AMD too.
    await page
      .getByRole('article', { name: 'Watchlist Semis' })
      .getByRole('link', { name: 'AMD' })
      .waitFor({ state: 'detached' });
    await eventually(() => named('Semis')).toEqual([['NVDA']]);
    expect(await named('Chips')).toEqual([]);

    await page.getByRole('region', { name: 'Price alerts' }).getByRole('button', { name: /New/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New price alert' });
    await dialog.getByLabel('Symbol').fill('KO');
    await dialog.getByLabel('Trigger price ($)').fill('999');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    const alert = page.getByRole('listitem', { name: 'Alert KO above $999.00' });
    await alert.getByText('On', { exact: true }).click();
    await alert.getByText('Off', { exact: true }).waitFor();
    await alert.getByRole('button', { name: 'Mark read' }).click();
    await alert.getByRole('button', { name: 'Mark read' }).waitFor({ state: 'detached' });
    const koAlerts = async () =>
      (await serverAlerts()).alerts
        .filter((row) => row.symbol === 'KO' && row.triggerPrice === 999)
        .map(({ isActive, isRead }) => ({ isActive, isRead }));
    await eventually(koAlerts).toEqual([{ isActive: false, isRead: true }]);
    await alert.getByRole('button', { name: 'Delete alert KO above $999.00' }).click();
    await alert.waitFor({ state: 'detached' });

    // Deleting a watchlist asks first: keeping it changes nothing, confirming removes it.
    await page.getByRole('button', { name: 'Delete Semis' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete watchlist "Semis"?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('article', { name: 'Watchlist Semis' }).waitFor();
    await page.getByRole('button', { name: 'Delete Semis' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('article', { name: 'Watchlist Semis' }).waitFor({ state: 'detached' });
    await eventually(() => named('Semis')).toEqual([]);
    await eventually(koAlerts).toEqual([]);
    await context.close();
  });

  it('delivers a write queued offline through Background Sync after the page is closed', async () => {
    const { page, context } = await openDashboard();
    await goOffline(context);
    await createWatchlist(page, 'Background synced');
    await pendingBadge(page, 1).waitFor();
    // The page was offline until it closed, so only the worker can deliver the write from here. Chromium may fire
    // the registered sync by itself as the context goes online (CI saw it arrive before the dispatch below); either
    // way it must arrive exactly once.
    await page.close();
    expect((await serverWatchlists()).watchlists.some((list) => list.name === 'Background synced')).toBe(false);
    await goOnline(context);

    // A blank page of the same context only to reach the worker through CDP; it runs none of the app.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL.startsWith(server.url));
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.url,
      registrationId: await registrationId,
      tag: 'outbox-sync',
      lastChance: false,
    });

    await expect
      .poll(
        async () => (await serverWatchlists()).watchlists.filter((list) => list.name === 'Background synced').length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    // Nothing is sent twice: the worker emptied the queue.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await serverWatchlists()).watchlists.filter((list) => list.name === 'Background synced')).toHaveLength(1);
    await context.close();
  });
});
