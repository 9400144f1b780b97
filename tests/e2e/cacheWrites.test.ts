// The query cache's copy on the device (IndexedDB) under live quotes, on the production build with the simulated
// market kept open: ticks do not write it every second, and leaving the page writes the last price seen. Writes
// are counted by wrapping IndexedDB's put; the quotes go through Playwright's WebSocket route, which can hold them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchedPage } from './browser';
import { persistedQueryCache } from './persistedCache';
import { routeQuotes } from './quoteRoute';
import { e2eSuite } from './suite';

const suite = e2eSuite('cache-writes', { MARKET_HOURS: 'always' });

/** Counts the writes of the persisted query cache (idb-keyval's key `query-cache`). */
function countCacheWrites() {
  const record = { writes: 0 };
  (window as unknown as { cacheWrites: typeof record }).cacheWrites = record;
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (key === 'query-cache') record.writes++;
    return put.call(this, value, key);
  };
}

/** AAPL's price in the persisted query cache, as the app's next start would read it (null if none). */
async function storedPrice(page: Page): Promise<number | null> {
  const text = await persistedQueryCache(page);
  if (!text) return null;
  const stored = JSON.parse(text) as {
    clientState: { queries: { queryKey: unknown[]; state: { data?: { marketData?: { price: number } } } }[] };
  };
  const quote = stored.clientState.queries.find((query) => query.queryKey.join() === 'market,quote,AAPL');
  return quote?.state.data?.marketData?.price ?? null;
}

/** Resolves once `writes()` has not changed for `quietMs` (within 30 s). */
async function untilNoWrite(writes: () => Promise<number>, quietMs: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let seen = await writes(); Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = await writes();
    if (now === seen) return;
    seen = now;
  }
  throw new Error(`the query cache was still being written after 30 s`);
}

describe('the query cache on the device under live quotes', () => {
  it('is not written on every tick, and leaving the page writes the newest price', async () => {
    const { page, context, problems } = await watchedPage(suite.browser);
    await context.addInitScript(countCacheWrites);
    const quotes = await routeQuotes(page, 'AAPL');
    await page.goto(`${suite.server.url}/stocks/AAPL`);
    await page.getByTestId('quote-price').waitFor();
    await page.waitForLoadState('networkidle');
    const writes = () =>
      page.evaluate(() => (window as unknown as { cacheWrites: { writes: number } }).cacheWrites.writes);

    // The screen loaded: every card's own query answered too (some start after the network went idle: the AI
    // analysis card mounts once near, and each answer is written within 200 ms), quotes held meanwhile.
    quotes.held = true;
    await untilNoWrite(writes, 1500);
    quotes.held = false;

    // Five ticks with the screen loaded: at most one write (the live delay may end among them), not five.
    const writesBefore = await writes();
    const ticksBefore = quotes.passed;
    await expect.poll(() => quotes.passed - ticksBefore, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    expect((await writes()) - writesBefore).toBeLessThanOrEqual(1);

    // The page is left (pagehide): what waits is written at once, with the last price pushed.
    quotes.held = true;
    await page.waitForTimeout(500);
    const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(quotes.last);
    await expect.poll(() => page.getByTestId('quote-price').textContent()).toBe(shown);
    const writesAtLeave = await writes();
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    await expect.poll(writes).toBe(writesAtLeave + 1);
    await expect.poll(() => storedPrice(page)).toBe(quotes.last);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
