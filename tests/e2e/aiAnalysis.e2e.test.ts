// The AI analysis card on Stock details end to end on the production build (issue 16 point 6): the rule-based
// analysis with its citations and the numbered sources under it; screenshots (phone and desktop, dark and light).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachScreenshotVariant, launchBrowser, watchedPage, scrollToRead } from './browser';
import { revealCard } from './cards';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/ai-analysis';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('AI analysis', () => {
  it('shows the analysis of the stock with its numbered sources on Stock details', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${server.url}/stocks/AAPL`);
    // Mounted once scrolled near (below the first view on a phone), as a reader reaches it.
    await revealCard(page, 'AI analysis');
    const card = page.getByRole('region', { name: 'AI analysis' });
    const sources = card.getByRole('list', { name: 'Sources' });
    await sources.waitFor({ timeout: 30_000 });
    const text = await card.innerText();
    expect(text).toContain('AAPL · Apple Inc.');
    expect(text).toMatch(/trades at \$[\d,]+\.\d\d \([+−]\d+\.\d\d%\) \[1\]/);
    expect(text).toContain('Rule-based');
    const items = sources.locator('li');
    expect(await items.count()).toBeGreaterThan(1);
    expect(await items.first().innerText()).toMatch(/^\[1\]\s+AAPL last price and change today: \$/);
    expect(problems()).toEqual([]);
    await context.close();

    await forEachScreenshotVariant(browser, async ({ page: shot, name, scheme }) => {
      await shot.goto(`${server.url}/stocks/AAPL`);
      await revealCard(shot, 'AI analysis');
      const shown = shot.getByRole('region', { name: 'AI analysis' });
      await shown.getByRole('list', { name: 'Sources' }).waitFor({ timeout: 30_000 });
      await scrollToRead(shown);
      await shown.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-ai-analysis.png` });
    });
  });
});
