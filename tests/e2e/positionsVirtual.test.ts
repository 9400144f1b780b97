// Portfolio with 150 positions on the production build: the positions table renders only the rows in view (far
// fewer than 150 `tr`), scrolling its box reaches the last position, and that row's link and Close button work from
// the keyboard (the position is sold and leaves the table). One position (1 XOM, about $110: the smallest, so the last
// row, the table putting the largest first) is bought through GraphQL; the other 149 (A000…A148, symbols the simulated
// market does not quote, $10 a share, 168 down to 20 shares) are written into the stopped server's database, as the
// end-of-day job's history is in the analytics e2e file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../../server/db/schema';
import { singleUserGql } from './api';
import { untilHeld, withTradersDatabase } from './equityHistory';
import { forEachScreenshotVariant, launchBrowser, watchedPage } from './browser';
import { freePort, startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/positionsVirtual';
const SEEDED = Array.from({ length: 149 }, (_, index) => `A${String(index).padStart(3, '0')}`);
const LAST = 'XOM';
const COUNT = SEEDED.length + 1;

let workDir: string;
let server: RunningServer;
let browser: Browser;

/**
 * Writes a position at $10 a share of each of `symbols` for the user who has traded, into a stopped server's data:
 * 20 shares of the last, one more of each before it (values $200 and up, each its own).
 */
function seedPositions(dataDir: string, symbols: readonly string[]): Promise<void> {
  return withTradersDatabase(dataDir, async (db, userId) => {
    await db.insert(positions).values(
      symbols.map((symbol, index) => {
        const quantity = 20 + symbols.length - 1 - index;
        return { userId, symbol, quantity, costCents: quantity * 1_000 };
      }),
    );
  });
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'positions-virtual-e2e-'));
  const dataDir = join(workDir, 'data');
  const port = await freePort();
  const env = { MARKET_HOURS: 'always' };
  [server, browser] = await Promise.all([startServer(env, { port, dataDir }), launchBrowser()]);
  await singleUserGql(server.url, 'mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }', {
    input: { symbol: LAST, side: 'BUY', type: 'MARKET', quantity: 1 },
  });
  await untilHeld(server.url, { [LAST]: 1 });
  await server.stop();
  await seedPositions(dataDir, SEEDED);
  server = await startServer(env, { port, dataDir });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const table = (page: Page) => page.getByRole('table', { name: 'Positions' });

/** Opens Portfolio and waits for its positions table's first row. */
async function openPortfolio(page: Page): Promise<void> {
  await page.goto(`${server.url}/portfolio`);
  await table(page).getByTestId('position-A000').waitFor();
}

describe('a portfolio of 150 positions', () => {
  it('is served with all of them', async () => {
    const { portfolio } = await singleUserGql<{ portfolio: { positions: { symbol: string }[] } }>(
      server.url,
      '{ portfolio { positions { symbol } } }',
    );
    expect(portfolio.positions).toHaveLength(COUNT);
    expect(portfolio.positions.at(-1)?.symbol).toBe(LAST);
  });

  it('renders only the rows in view, reaches the last by scrolling, and its link and Close work from the keyboard', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await openPortfolio(page);
    expect(await table(page).getAttribute('aria-rowcount')).toBe(String(COUNT + 1));
    const rendered = await table(page).locator('tbody tr[data-testid]').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(await page.locator('tr').count()).toBeLessThan(70);
    expect(await table(page).getByTestId(`position-${LAST}`).count()).toBe(0);

    // Scroll the table's own box to its end: the last position's row is rendered, placed as the 151st body row.
    const last = table(page).getByTestId(`position-${LAST}`);
    await expect
      .poll(async () => {
        await table(page).evaluate((element) => {
          const box = element.parentElement!;
          box.scrollTop = box.scrollHeight;
        });
        return last.count();
      })
      .toBe(1);
    expect(await last.getAttribute('aria-rowindex')).toBe(String(COUNT + 1));
    expect(await table(page).locator('tbody tr[data-testid]').count()).toBeLessThan(60);

    // Keyboard: its symbol link, then Tab to its Close button, Enter opens the dialog; selling closes the position.
    const link = last.getByRole('link', { name: LAST });
    await link.focus();
    await page.keyboard.press('Tab');
    const close = last.getByRole('button', { name: `Close ${LAST} position` });
    await expect.poll(() => close.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Close ${LAST} position` });
    await dialog.getByRole('button', { name: `Sell 1 ${LAST}` }).click();
    await page
      .getByText(new RegExp(`^Sold 1 ${LAST} at \\$`))
      .first()
      .waitFor();
    await expect.poll(() => table(page).getByTestId(`position-${LAST}`).count()).toBe(0);
    await expect.poll(() => table(page).getAttribute('aria-rowcount')).toBe(String(COUNT));

    // Enter on a symbol's link opens its page. Problems are judged before leaving: the symbol's page may report
    // that the market does not quote it.
    await table(page).evaluate((element) => (element.parentElement!.scrollTop = 0));
    await table(page).getByTestId('position-A000').getByRole('link', { name: 'A000' }).focus();
    expect(problems()).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/stocks\/A000$/);
    await context.close();
  }, 120_000);

  it('keeps the focused row when its box scrolls far away, and scrolls a row focused again clear of the header', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await openPortfolio(page);
    const box = (scrollTop: number | 'end') =>
      table(page).evaluate((element, to) => {
        const scroller = element.parentElement!;
        scroller.scrollTop = to === 'end' ? scroller.scrollHeight : to;
      }, scrollTop);
    // A row halfway down: scroll to it, focus its symbol link.
    const row = table(page).getByTestId('position-A050');
    await expect
      .poll(async () => {
        await box(50 * 49);
        return row.count();
      })
      .toBe(1);
    const link = row.getByRole('link', { name: 'A050' });
    await link.focus();

    // Scroll the box to its end: the rows around A050 are recycled, A050's is kept and its link keeps the focus.
    // (The last row is A148's: XOM was sold by the test before.)
    const last = table(page).getByTestId('position-A148');
    await expect
      .poll(async () => {
        await box('end');
        return last.count();
      })
      .toBe(1);
    await expect.poll(() => table(page).getByTestId('position-A049').count()).toBe(0);
    expect(await row.count()).toBe(1);
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);

    // Put the row at the top of the box, under the sticky header, and Tab to its Close button: the box's scroll
    // padding makes the browser scroll the button out from under the header (without it the button counts as in view).
    await row.evaluate((element) => {
      const scroller = element.closest('table')!.parentElement!;
      scroller.scrollTop +=
        element.getBoundingClientRect().top - scroller.getBoundingClientRect().top - scroller.clientTop;
    });
    await page.keyboard.press('Tab');
    const close = row.getByRole('button', { name: 'Close A050 position' });
    await expect.poll(() => close.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        close.evaluate((element) => {
          const header = element.closest('table')!.querySelector('thead tr')!.getBoundingClientRect();
          return element.getBoundingClientRect().top >= header.bottom - 1;
        }),
      )
      .toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  }, 120_000);

  it('screenshots: phone and desktop, dark and light', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await openPortfolio(page);
      await table(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `portfolio-150-${name}-${scheme}.png`) });
    });
  }, 120_000);
});
