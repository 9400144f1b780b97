// The AI assistant in Chromium on the production build: shortcut, resize kept across reloads, /help,
// /analyze with a chart card, /buy with an order card confirmed into a filled paper order, offline messages
// sent in order exactly once on reconnect, CSV export, and no live javascript: links.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, watchedPage } from './browser';
import { startServer, type RunningServer } from './server';
import { singleUserGql } from './api';

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

async function openAssistant(page: Page) {
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.keyboard.press('Control+Shift+A');
  await page.getByTestId('chat-panel').waitFor();
}

async function send(page: Page, text: string) {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Escape');
  await input.press('Enter');
}

const lastAssistant = (page: Page) => page.locator('[data-testid="chat-message"][data-type="assistant"]').last();

describe('AI assistant', () => {
  it('opens with Ctrl+Shift+A, resizes by its left edge and keeps the width after a reload', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await openAssistant(page);
    const panel = page.getByTestId('chat-panel');
    expect((await panel.boundingBox())?.width).toBe(400);
    const handle = await page.getByTestId('chat-resize-handle').boundingBox();
    if (!handle) throw new Error('no resize handle');
    await page.mouse.move(handle.x + 2, handle.y + 200);
    await page.mouse.down();
    await page.mouse.move(handle.x - 198, handle.y + 200, { steps: 5 });
    await page.mouse.up();
    expect((await panel.boundingBox())?.width).toBe(600);
    await page.reload();
    await page.getByTestId('chat-panel').waitFor();
    expect((await page.getByTestId('chat-panel').boundingBox())?.width).toBe(600);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('answers /help, /analyze AAPL with a chart card, and /buy AAPL 5 with an order card that places a filled order on Confirm', async () => {
    // 5 AAPL (about $1,000+) is above the moderate preset's $1,000 maximum position: the trader is aggressive here.
    await gql('mutation { updatePreferences(input: { riskTolerance: aggressive }) { id } }');
    const { page, context } = await watchedPage(browser, { viewport: DESKTOP });
    await openAssistant(page);

    await send(page, '/help');
    await expect.poll(() => lastAssistant(page).textContent()).toContain('/buy [symbol] [quantity] [price?]');

    await send(page, '/analyze AAPL');
    const chart = page.getByTestId('chart-card').last();
    await chart.waitFor();
    await chart.locator('canvas').first().waitFor();
    expect(await lastAssistant(page).textContent()).toContain('AAPL technical analysis');

    await send(page, '/buy AAPL 5');
    const card = page.getByTestId('order-card').last();
    await card.waitFor();
    expect(await card.textContent()).toContain('5 AAPL');
    const before = await gql<{ orders: { symbol: string }[] }>('{ orders { symbol } }');
    expect(before.orders.filter((order) => order.symbol === 'AAPL')).toHaveLength(0);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText(/Order filled: bought 5 AAPL at \$\d/).waitFor();
    const after = await gql<{ orders: { symbol: string; status: string; quantity: number; side: string }[] }>(
      '{ orders { symbol status quantity side } }',
    );
    expect(after.orders.filter((order) => order.symbol === 'AAPL')).toEqual([
      { symbol: 'AAPL', status: 'FILLED', quantity: 5, side: 'BUY' },
    ]);
    await context.close();
  });

  it('renders no live link for a javascript: URL', async () => {
    const { page, context } = await watchedPage(browser, { viewport: DESKTOP });
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await openAssistant(page);
    await send(page, '[x](javascript:alert(1)) and [docs](https://example.com)');
    const mine = page.locator('[data-testid="chat-message"][data-type="user"]').last();
    await mine.getByText('x', { exact: true }).waitFor();
    expect(await mine.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await mine.getByRole('link', { name: 'x', exact: true }).count()).toBe(0);
    expect(await mine.getByRole('link', { name: 'docs' }).getAttribute('href')).toBe('https://example.com');
    await mine.getByText('x', { exact: true }).click();
    expect(dialogs).toBe(0);
    await context.close();
  });

  it('exports the conversation as conversation-{id}.csv', async () => {
    const { page, context } = await watchedPage(browser, { viewport: DESKTOP });
    await openAssistant(page);
    await send(page, '/help analyze');
    await expect.poll(() => lastAssistant(page).textContent()).toContain('/analyze');
    await page.getByRole('button', { name: 'Export conversation' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^conversation-[0-9a-f-]{36}\.csv$/);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('timestamp,type,content');
    expect(csv).toContain(',user,/help analyze');
    await context.close();
  });

  it('keeps messages typed offline, survives an offline reload, and sends them in order exactly once when online', async () => {
    const { page, context } = await watchedPage(browser, { viewport: DESKTOP });
    await openAssistant(page);
    await send(page, '/help');
    await expect.poll(() => lastAssistant(page).textContent()).toContain('Available commands');
    // The service worker controls the page once it has been installed; wait for it so the reload works offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();

    await goOffline(context);
    await send(page, 'first offline question: /help');
    await send(page, '/help buy');
    const pending = page.locator('[data-testid="chat-message"][data-type="user"][data-status="sending"]');
    await expect.poll(() => pending.count()).toBe(2);

    await page.reload();
    await page.getByTestId('chat-panel').waitFor();
    // The panel's frame shows at once; the conversation loads into it on demand.
    await page.getByTestId('chat-input').waitFor();
    await expect.poll(() => pending.count()).toBe(2);

    await goOnline(context);
    await expect.poll(() => pending.count(), { timeout: 30_000 }).toBe(0);
    const { conversations } = await gql<{ conversations: { id: string }[] }>('{ conversations { id } }');
    const contents: string[] = [];
    for (const { id } of conversations) {
      const { conversation } = await gql<{ conversation: { messages: { type: string; content: string }[] } }>(
        'query Q($id: ID!) { conversation(id: $id) { messages { type content } } }',
        { id },
      );
      contents.push(...conversation.messages.map((message) => `${message.type}:${message.content.slice(0, 30)}`));
    }
    const firstIndex = contents.indexOf('user:first offline question: /help');
    expect(firstIndex).toBeGreaterThan(-1);
    expect(contents.filter((entry) => entry === 'user:first offline question: /help')).toHaveLength(1);
    expect(contents.filter((entry) => entry === 'user:/help buy')).toHaveLength(1);
    expect(contents[firstIndex + 1]?.startsWith('assistant:')).toBe(true);
    expect(contents[firstIndex + 2]).toBe('user:/help buy');
    expect(contents[firstIndex + 3]?.startsWith('assistant:')).toBe(true);
    await context.close();
  });
});

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/graphql', (route) => route.abort('internetdisconnected'));
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**/graphql');
  await context.unroute('**/api/**');
  await context.setOffline(false);
}
