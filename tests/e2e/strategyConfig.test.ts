// Strategy configuration end to end on the production build (issue 13 point 8): a template strategy's parameter out
// of its range is refused at its field, a valid one is saved as the next version; switched to custom rules, an added
// condition (RSI 14 is below a level) shows its signals as markers painted on the preview chart (more pixels than
// the same chart without markers while the form is invalid), is saved, and the strategy's detail shows the new
// version. Screenshots of the template form and the rule builder (phone and desktop, dark and light).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleUserGql } from './api';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, paintedPixels, watchedPage } from './browser';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/issue13';
const CREATE = 'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function createTemplateStrategy(name: string): Promise<string> {
  const { createStrategy } = await singleUserGql<{ createStrategy: { id: string } }>(server.url, CREATE, {
    input: { name, templateId: 'sma-crossover', parameters: { fast: 20, slow: 50 }, symbols: ['SPY'] },
  });
  return createStrategy.id;
}

async function openConfig(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`${server.url}/strategies/${id}/config`);
  await page.getByRole('heading', { level: 1, name: `${name}: configuration` }).waitFor({ timeout: 20_000 });
  await page.getByTestId('preview-summary').waitFor({ timeout: 20_000 });
}

/** The preview's summary once it counts signals ("3 entries, 2 exits in the last 300 bars"). */
async function entriesShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('preview-summary').textContent()) ?? '';
  const match = /^(\d+) entr(?:y|ies), \d+ exits? in the last \d+ bars?$/.exec(text);
  return match ? Number(match[1]) : -1;
}

describe('strategy configuration', () => {
  it('saves template parameters, then custom rules with a previewed RSI condition, each as a new version', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    const id = await createTemplateStrategy('SPY configured');
    await openConfig(page, id, 'SPY configured');
    expect(await page.getByText('Version 1', { exact: true }).count()).toBe(1);

    // Out of the template's range: the message at the field, nothing saved.
    const fast = page.getByRole('spinbutton', { name: 'Fast SMA' });
    await fast.fill('1');
    await page.getByText('Must be a whole number from 2 to 200').waitFor();
    await expect
      .poll(() => page.getByTestId('preview-summary').textContent())
      .toBe('No signals shown: 1 field to fix (Must be a whole number from 2 to 200).');
    await fast.fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved as version 2').waitFor();
    await page.getByText('Version 2', { exact: true }).waitFor();

    // Custom rules, seeded with the template's definition (SMA 10 crosses above SMA 50).
    await page.getByRole('button', { name: 'Switch to custom rules' }).click();
    const first = page.getByTestId('condition entry.conditions[0]');
    expect(await first.getByLabel('Comparison').inputValue()).toBe('crossesAbove');
    expect(await page.getByTestId('entry.conditions[0].left.period').getByRole('spinbutton').inputValue()).toBe('10');

    // A new condition (RSI 14 is below …) ORed with the crossover; while its level is empty the form is invalid and
    // the chart has no markers.
    await page.getByLabel('Entry: conditions that must hold').selectOption('any');
    await page.getByRole('button', { name: 'Add entry condition' }).click();
    const added = page.getByTestId('condition entry.conditions[1]');
    expect(await added.getByLabel('Left').inputValue()).toBe('rsi');
    expect(await added.getByLabel('Comparison').inputValue()).toBe('lessThan');
    const level = page.getByTestId('entry.conditions[1].right.value').getByRole('spinbutton');
    await level.fill('');
    await page.getByText('Must be a number from -1000000000 to 1000000000').waitFor();
    await expect.poll(() => page.getByTestId('preview-summary').textContent()).toMatch(/^No signals shown/);
    await expect.poll(() => paintedPixels(page, 'price-chart'), { timeout: 15_000 }).toBeGreaterThan(500);
    const withoutMarkers = await paintedPixels(page, 'price-chart');

    await level.fill('45');
    await expect.poll(() => entriesShown(page), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => paintedPixels(page, 'price-chart'), { timeout: 10_000 }).toBeGreaterThan(withoutMarkers);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved as version 3').waitFor();
    const { strategy } = await singleUserGql<{ strategy: { code: string; templateId: string | null } }>(
      server.url,
      'query S($id: ID!) { strategy(id: $id) { code templateId } }',
      { id },
    );
    expect(strategy.templateId).toBeNull();
    expect(JSON.parse(strategy.code)).toMatchObject({
      entry: {
        match: 'any',
        conditions: [
          { kind: 'crossesAbove', left: { kind: 'sma', period: 10 }, right: { kind: 'sma', period: 50 } },
          { kind: 'lessThan', left: { kind: 'rsi', period: 14 }, right: { kind: 'constant', value: 45 } },
        ],
      },
    });

    await page.getByRole('link', { name: 'Back to strategy' }).click();
    await page.getByRole('heading', { level: 1, name: 'SPY configured' }).waitFor();
    await page.getByText('v3', { exact: true }).waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows a bad custom value's message (the browser's, then the server's) at its field and saves nothing", async () => {
    const { page, context } = await watchedPage(browser, { viewport: DESKTOP });
    const id = await createTemplateStrategy('SPY unsaved');
    await openConfig(page, id, 'SPY unsaved');
    await page.getByRole('button', { name: 'Switch to custom rules' }).click();
    await page.getByTestId('entry.conditions[0].right.period').getByRole('spinbutton').fill('501');
    await page
      .getByTestId('entry.conditions[0].right.period')
      .getByText('Must be a whole number from 1 to 500')
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Fix the fields marked in red to save.').waitFor();

    // Valid in the browser, refused by the server: its message lands at the field too.
    await page.getByTestId('entry.conditions[0].right.period').getByRole('spinbutton').fill('50');
    await page.getByLabel('Symbols').fill('ZZZQ');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Unknown symbol ZZZQ').waitFor();
    expect(await page.getByLabel('Symbols').getAttribute('aria-invalid')).toBe('true');
    const { strategy } = await singleUserGql<{ strategy: { version: number } }>(
      server.url,
      'query S($id: ID!) { strategy(id: $id) { version } }',
      { id },
    );
    expect(strategy.version).toBe(1);
    await context.close();
  }, 60_000);
});

describe('screenshots (phone and desktop, dark and light)', () => {
  it('the template form and the rule builder with their previews', async () => {
    const id = await createTemplateStrategy('SPY screenshots');
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      const shot = `${SCREENSHOT_DIR}/${name}-${scheme}`;
      await openConfig(page, id, 'SPY screenshots');
      await expect.poll(() => paintedPixels(page, 'price-chart'), { timeout: 15_000 }).toBeGreaterThan(500);
      await page.screenshot({ path: `${shot}-strategy-config.png`, fullPage: true });
      await page.getByRole('button', { name: 'Switch to custom rules' }).click();
      await page.getByRole('button', { name: 'Add entry condition' }).click();
      await page.getByTestId('rules entry').getByRole('button', { name: 'Add group' }).click();
      await page.getByTestId('group entry.conditions[2]').waitFor();
      await expect.poll(() => paintedPixels(page, 'price-chart'), { timeout: 15_000 }).toBeGreaterThan(500);
      await page.screenshot({ path: `${shot}-strategy-rules.png`, fullPage: true });
    });
  }, 240_000);
});
