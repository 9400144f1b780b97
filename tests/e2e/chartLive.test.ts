// Stock details' price chart under live quotes, on the production build with the simulated market kept open: while
// the chart is out of view (a phone reader at the top of the page) ticks do not repaint it; scrolled into view it
// draws the newest price at once, even with no tick after that. Draws are counted by wrapping the 2D context's
// drawing calls on the chart's canvases; the quotes go through Playwright's WebSocket route, which can hold them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paintedPixels, watchedPage } from './browser';
import { routeQuotes } from './quoteRoute';
import { e2eSuite } from './suite';

const suite = e2eSuite('chart-live', { MARKET_HOURS: 'always' });

/** A phone whose first screen ends above the chart (its box starts some 830 px down the page). */
const SHORT_PHONE = { width: 390, height: 600 };

interface Canvases {
  draws: number;
  texts: string[];
  /**
   * How many times the price pane (the chart's largest canvas) was painted: each paint fills its whole bitmap with
   * the background first, wherever it runs (an animation frame, a resize observer's callback).
   */
  paints: number;
}

/** Counts every drawing call on the price chart's canvases, keeps the texts drawn (the axes' labels), and the paints. */
function countChartDraws() {
  const record: Canvases = { draws: 0, texts: [], paints: 0 };
  (window as unknown as { chartCanvases: Canvases }).chartCanvases = record;
  const backgrounds = new Map<HTMLCanvasElement, number>();
  const largest = () => {
    let found: HTMLCanvasElement | null = null;
    for (const canvas of backgrounds.keys()) {
      if (!canvas.isConnected) continue;
      if (!found || canvas.width * canvas.height > found.width * found.height) found = canvas;
    }
    return found;
  };
  Object.defineProperty(record, 'paints', { get: () => backgrounds.get(largest()!) ?? 0, enumerable: true });
  const proto = CanvasRenderingContext2D.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['fillRect', 'clearRect', 'fillText', 'fill', 'stroke', 'drawImage']) {
    const original = proto[name];
    if (!original) continue;
    proto[name] = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      const { canvas } = this;
      if (canvas instanceof HTMLCanvasElement && canvas.closest('[data-testid="price-chart"]')) {
        record.draws++;
        if (name === 'fillText') record.texts.push(String(args[0]));
        const [x, y, width, height] = args as number[];
        if (name === 'fillRect' && x === 0 && y === 0 && width === canvas.width && height === canvas.height) {
          backgrounds.set(canvas, (backgrounds.get(canvas) ?? 0) + 1);
        }
      }
      return original.apply(this, args);
    };
  }
}

function chartCanvases(page: Page): Promise<Canvases> {
  return page.evaluate(() => {
    const { draws, texts, paints } = (window as unknown as { chartCanvases: Canvases }).chartCanvases;
    return { draws, texts: [...texts], paints };
  });
}

describe('the price chart under live quotes', () => {
  it('is not repainted by ticks while out of view, and shows the newest price as soon as it is back', async () => {
    const { page, context, problems } = await watchedPage(suite.browser, { viewport: SHORT_PHONE });
    await context.addInitScript(countChartDraws);
    const quotes = await routeQuotes(page, 'AAPL');
    await page.goto(`${suite.server.url}/stocks/AAPL`);
    const chart = page.getByTestId('price-chart');
    // Built at load as ever, though below the first screen.
    await expect.poll(() => paintedPixels(page, 'price-chart'), { timeout: 30_000 }).toBeGreaterThan(1000);
    const top = await chart.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(SHORT_PHONE.height);

    // Out of view: ticks arrive (the price moves away from the one drawn at load), nothing is drawn.
    await page.waitForTimeout(1_000);
    const before = await chartCanvases(page);
    const ticksBefore = quotes.passed;
    await expect
      .poll(() => quotes.passed - ticksBefore >= 3 && !before.texts.includes(quotes.last.toFixed(2)), {
        timeout: 30_000,
      })
      .toBe(true);
    quotes.held = true;
    const newest = quotes.last.toFixed(2);
    await page.waitForTimeout(500);
    const hidden = await chartCanvases(page);
    expect(hidden.draws).toBe(before.draws);
    // Meanwhile the quote panel and the header, in view at the top, followed every tick (their texts alone).
    const shownPrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(quotes.last);
    await expect.poll(() => page.getByTestId('quote-price').textContent()).toBe(shownPrice);
    expect(await page.getByText(shownPrice, { exact: false }).count()).toBeGreaterThanOrEqual(2);

    // Back in view, with no quote arriving any more: the chart draws the newest price (its axis label).
    await chart.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await chartCanvases(page)).texts.slice(hidden.texts.length).includes(newest), {
        timeout: 5_000,
      })
      .toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('paints once per full redraw: each build step once, a resize once', async () => {
    const { page, context, problems } = await watchedPage(suite.browser, { viewport: { width: 1280, height: 900 } });
    await context.addInitScript(countChartDraws);
    const quotes = await routeQuotes(page, 'AAPL');
    quotes.held = true; // no tick repaints the chart meanwhile
    await page.goto(`${suite.server.url}/stocks/AAPL`);
    await expect.poll(() => paintedPixels(page, 'price-chart'), { timeout: 30_000 }).toBeGreaterThan(1000);
    // Built (in two steps, a paint each), and still.
    let settled = await chartCanvases(page);
    await expect
      .poll(
        async () => {
          await page.waitForTimeout(500);
          const now = await chartCanvases(page);
          const still = now.draws === settled.draws;
          settled = now;
          return still;
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // Built in two steps, painted once each (lightweight-charts alone painted the whole chart once more after
    // the first paints, which sized its canvases and axes).
    expect(settled.paints).toBeLessThanOrEqual(2);

    // A resize lays the chart out again and redraws every pane at the new size, in one paint: lightweight-charts
    // alone asked for another right after it (see scripts/vite/chartOnePaint.ts).
    await page.setViewportSize({ width: 1100, height: 900 });
    await expect
      .poll(async () => (await chartCanvases(page)).paints, { timeout: 5_000 })
      .toBeGreaterThan(settled.paints);
    await page.waitForTimeout(1_000);
    expect((await chartCanvases(page)).paints - settled.paints).toBe(1);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
