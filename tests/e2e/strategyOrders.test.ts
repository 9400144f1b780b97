// A strategy's orders in the Activity Center (issue 13 points 3 and 10): a strategy on one-minute bars whose entry
// holds on every bar is activated from the Strategies list, the runner places its first paper order as the next bar
// closes (within a minute), and the Activity Center shows that order with the strategy's badge (a link to it) and the reason its rules gave;
// deactivating it stops it; the strategy's page lists its orders and live performance. Screenshots of both (phone and
// desktop, dark and light).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, rules, type StrategyDefinition } from '../../src/domain/strategies';
import { singleUserGql } from './api';
import { DESKTOP, forEachScreenshotVariant, launchBrowser, paintedPixels, watchedPage } from './browser';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/issue13';
const NAME = 'Every bar SPY';

/** Enters when flat (close > 0 always holds): the runner buys as the first bar closes after the activation. */
const everyBar: StrategyDefinition = {
  version: 1,
  symbols: ['SPY'],
  interval: '1m',
  side: 'long',
  entry: rules.all(rules.greaterThan(rules.close, rules.constant(0))),
  exit: rules.all(rules.lessThan(rules.close, rules.constant(0))),
  sizing: { kind: 'fixedShares', shares: 1 },
  stops: {},
};

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
  await singleUserGql(server.url, 'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }', {
    input: { name: NAME, code: canonicalJson(everyBar) },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function toggle(page: Page, checked: boolean, toast: string): Promise<void> {
  await page.goto(`${server.url}/strategies`);
  const row = page.getByRole('row').filter({ hasText: NAME });
  await row.waitFor({ timeout: 20_000 });
  const active = row.getByRole('switch', { name: `Active: ${NAME}` });
  await active.locator('xpath=..').click();
  await page.getByText(toast).waitFor();
  await expect.poll(() => active.isChecked()).toBe(checked);
}

describe('strategy orders in the Activity Center', () => {
  it('shows the first order of an activated strategy with its badge and reason, and stops on deactivate', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: DESKTOP });
    await toggle(page, true, `${NAME} now trades on each closed bar of its interval.`);

    await page.getByRole('link', { name: 'Activity Center' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Activity Center' }).waitFor();
    const badge = page.getByRole('link', { name: `Placed by strategy ${NAME}` }).first();
    await badge.waitFor({ timeout: 90_000 });
    const row = page.getByRole('row').filter({ has: badge });
    expect(await row.textContent()).toMatch(/SPY.*Buy.*Market/s);
    expect(await row.textContent()).toMatch(/close.* is above/i);

    await toggle(page, false, `${NAME} stopped trading; its open orders were cancelled.`);
    const { strategies } = await singleUserGql<{ strategies: { name: string; isActive: boolean }[] }>(
      server.url,
      '{ strategies { name isActive } }',
    );
    expect(strategies.find((strategy) => strategy.name === NAME)?.isActive).toBe(false);

    // The badge opens the strategy.
    await page.goto(`${server.url}/activity`);
    await page
      .getByRole('link', { name: `Placed by strategy ${NAME}` })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    // The strategy's page lists its orders and its live performance from its fills.
    const own = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: 'SPY' });
    await expect.poll(() => own.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('strategy-live-performance').waitFor({ timeout: 15_000 });
    expect(problems()).toEqual([]);
    await context.close();
  }, 180_000);

  it('screenshots of the Activity Center with a strategy order', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await page.goto(`${server.url}/activity`);
      await page
        .getByRole('link', { name: `Placed by strategy ${NAME}` })
        .first()
        .waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-activity-strategy-order.png` });
      await page
        .getByRole('link', { name: `Placed by strategy ${NAME}` })
        .first()
        .click();
      await page.getByTestId('strategy-live-performance').waitFor({ timeout: 20_000 });
      await expect.poll(() => paintedPixels(page, 'curve-chart'), { timeout: 15_000 }).toBeGreaterThan(100);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-strategy-activity.png`, fullPage: true });
    });
  }, 120_000);
});
