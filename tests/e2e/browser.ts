// Debian's Chromium driven by playwright-core (browsers cannot be downloaded here).
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A page that records console errors, uncaught page errors and failed requests, for `problems()`. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems(): string[];
}

export async function watchedPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; storage?: Record<string, string> } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP });
  if (options.storage) {
    const entries = Object.entries(options.storage);
    await context.addInitScript((pairs: [string, string][]) => {
      for (const [key, value] of pairs) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }, entries);
  }
  const page = await context.newPage();
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') found.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => found.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (!failure.includes('ERR_ABORTED')) found.push(`requestfailed: ${request.url()} ${failure}`);
  });
  return { page, context, problems: () => [...found] };
}

/**
 * Scrolls `target` into view, where a trader would read it. A card below the first view swaps its placeholder for
 * its content when it loads (and content-visibility leaves it unrendered until then), so the element found may be
 * replaced while Playwright waits for it to be stable: the scroll is then retried on the replacement.
 */
export async function scrollToRead(target: Locator, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await target.scrollIntoViewIfNeeded({ timeout: Math.max(1000, deadline - Date.now()) });
      return;
    } catch (error) {
      if (Date.now() > deadline || !/not attached/i.test(String(error))) throw error;
    }
  }
}

/** The screenshot matrix: phone and desktop, each in dark and light. */
export const SCREENSHOT_VARIANTS = (['phone', 'desktop'] as const).flatMap((name) =>
  (['dark', 'light'] as const).map((scheme) => ({ name, viewport: name === 'phone' ? PHONE : DESKTOP, scheme })),
);

export type ScreenshotVariant = (typeof SCREENSHOT_VARIANTS)[number];

/**
 * Runs `shoot` for each of SCREENSHOT_VARIANTS in turn, on a new page of a context themed for it (themedContext),
 * closed once `shoot` is done; `shoot` takes the screenshots and names them after the variant.
 */
export async function forEachScreenshotVariant(
  browser: Browser,
  shoot: (shot: ScreenshotVariant & { page: Page; context: BrowserContext }) => Promise<void>,
): Promise<void> {
  for (const variant of SCREENSHOT_VARIANTS) {
    const context = await themedContext(browser, variant.viewport, variant.scheme);
    const page = await context.newPage();
    await shoot({ ...variant, page, context });
    await context.close();
  }
}

/** A context in `viewport` whose app theme is set by hand to `scheme` (and the browser's colour scheme too). */
export async function themedContext(
  browser: Browser,
  viewport: { width: number; height: number },
  scheme: 'dark' | 'light',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, colorScheme: scheme });
  await context.addInitScript((theme: string) => {
    localStorage.setItem('themeMode', 'manual');
    localStorage.setItem('theme', theme);
  }, scheme);
  return context;
}

/** Painted (non-transparent) pixels over the canvases inside `[data-testid="<testId>"]` (a chart drew something). */
export function paintedPixels(page: Page, testId: string): Promise<number> {
  return page.evaluate((id) => {
    let painted = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>(`[data-testid="${id}"] canvas`)) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) painted += 1;
    }
    return painted;
  }, testId);
}
