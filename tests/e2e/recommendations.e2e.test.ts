// Strategy recommendations end to end on the production build (issue 16 point 5): the Strategies page's
// Recommendations cards (figures, symbols, reasoning), Deploy on the first card opens the new strategy, paused;
// screenshots of the section (phone and desktop, dark and light).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleUserGql } from './api';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, watchedPage, scrollToRead } from './browser';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/recommendations';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
  // The widest tolerance: the simulated market's records then surely hold a recommendation.
  await singleUserGql(server.url, 'mutation { updatePreferences(input: { riskTolerance: aggressive }) { id } }');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('strategy recommendations', () => {
  it('deploys the first recommendation from its card as a paused strategy', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await page.goto(`${server.url}/strategies`);
    const section = page.getByRole('region', { name: 'Recommendations' });
    const card = section.getByRole('article').first();
    await card.waitFor({ timeout: 60_000 });
    const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
    expect(await card.textContent()).toMatch(/Risk \d+\/100#1Expected \/ yr\+\d+\.\d\d%Confidence\d+%Market fit\d+%/);
    expect(await card.textContent()).toMatch(/out of sample over \d+ windows of 126 daily bars \(\d+ trades\)/);
    const symbols = await card
      .getByLabel('Recommended symbols')
      .getByText(/^[A-Z.]+$/)
      .allTextContents();
    expect(symbols.length).toBeGreaterThan(0);

    await card.getByRole('button', { name: `Deploy ${title}` }).click();
    const name = `${title} · ${symbols.join(', ')}`.slice(0, 60);
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 20_000 });
    expect(page.url()).toMatch(/\/strategies\/[0-9a-f-]{36}$/);
    await page.getByText(`${name} was created paused; activate it when you are ready.`).waitFor();
    expect(await page.getByRole('switch', { name: `Active: ${name}` }).isChecked()).toBe(false);

    const { strategies } = await singleUserGql<{ strategies: { name: string; isActive: boolean }[] }>(
      server.url,
      '{ strategies { name isActive } }',
    );
    expect(strategies).toEqual([{ name, isActive: false }]);
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  it('takes screenshots of the Recommendations section', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await page.goto(`${server.url}/strategies`);
      const section = page.getByRole('region', { name: 'Recommendations' });
      await section.getByRole('article').first().waitFor({ timeout: 30_000 });
      await scrollToRead(section);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-recommendations.png` });
      await section.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-recommendations-section.png` });
    });
  }, 120_000);
});
