// The app shell on the production build: every route and alias, redirects, Not found, the phone drawer,
// the theme toggle, the Paper/Live switch, and no console errors anywhere.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE, watchedPage } from './browser';
import { singleUserGql } from './api';

const baseURL = inject('baseURL');

const pages: [path: string, heading: string | RegExp][] = [
  ['/', 'Dashboard'],
  ['/dashboard', 'Dashboard'],
  ['/overview', 'Dashboard'],
  ['/portfolio', 'Portfolio'],
  ['/strategies', 'Strategies'],
  ['/strategies/momentum-1', 'Strategy details'],
  ['/strategies/momentum-1/config', 'Strategy configuration'],
  ['/stocks/aapl', /AAPL/],
  ['/stock/msft', /MSFT/],
  ['/activity', 'Activity Center'],
  ['/scanning-activity', 'Scanning Activity'],
  ['/memory-monitoring', 'Memory Monitoring'],
  ['/analytics', 'Analytics'],
  ['/custom-reports', 'Custom Reports'],
  ['/settings', 'Settings'],
  ['/accounts', 'Accounts'],
  ['/advanced-trading', 'Advanced Trading'],
  ['/backtest', 'Backtest'],
  ['/backtesting', 'Backtest'],
  ['/simulation', 'Simulation'],
  ['/loading-demo', 'Loading Demo'],
  ['/monitoring', 'Live Trading Dashboard'],
  ['/onboarding', 'Getting Started'],
  ['/oauth/callback', 'Connecting your broker'],
];

const redirects: [from: string, to: string][] = [
  ['/trading-activity', '/activity'],
  ['/pnl-analysis', '/analytics?tab=pnl'],
  ['/trading-metrics', '/analytics?tab=metrics'],
  ['/risk-analytics', '/analytics?tab=risk'],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const gql = (query: string) => singleUserGql(baseURL, query);

describe('routes', () => {
  it.each(pages)('%s shows its page with no console errors', async (path, heading) => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${baseURL}${path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(heading);
    await page.waitForLoadState('networkidle');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it.each(redirects)('%s redirects to %s', async (from, to) => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${baseURL}${from}`);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(to);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toMatch(/Analytics|Activity Center/);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('an unknown path shows the Not found page inside the shell', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${baseURL}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Page not found');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    await page
      .getByRole('link', { name: /dashboard/i })
      .last()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/(dashboard)?$/);
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe('navigation', () => {
  it('on a phone the navigation is a drawer that opens and closes on navigation', async () => {
    const { page, context, problems } = await watchedPage(browser, { viewport: PHONE });
    await page.goto(`${baseURL}/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.waitFor({ state: 'visible' });
    await nav.getByRole('link', { name: 'Portfolio' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/portfolio');
    await nav.waitFor({ state: 'hidden' });
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('the side navigation lists the spec entries in order on desktop', async () => {
    const { page, context } = await watchedPage(browser);
    await page.goto(`${baseURL}/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    const names = (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(names).toEqual([
      'Dashboard',
      'Portfolio',
      'Strategies',
      'Activity Center',
      'Analytics',
      'Simulation',
      'Custom Reports',
      'Accounts',
      'Settings',
      'Live Trading',
      'Scanning Activity',
      'Memory Monitoring',
      'Loading Demo',
      'Getting Started',
    ]);
    await context.close();
  });
});

describe('theme', () => {
  it('the toggle switches theme, stops automatic mode, persists and syncs to the server', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${baseURL}/settings`);
    await page.getByRole('button', { name: 'Toggle theme' }).first().waitFor();
    const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    const expected = wasDark ? 'light' : 'dark';
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(expected === 'dark');
    expect(await page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'))).toBe(
      expected === 'dark' ? '#1f2937' : '#ffffff',
    );
    expect(await page.evaluate(() => localStorage.getItem('themeMode'))).toBe('manual');
    // Chakra's global CSS (in index.html, written at build time) styles the body with the theme's tokens.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe(expected === 'dark' ? 'rgb(17, 24, 39)' : 'rgb(249, 250, 251)');
    await expect
      .poll(
        async () =>
          ((await gql('{ me { preferences { theme } } }')).me as { preferences: { theme: string } }).preferences.theme,
      )
      .toBe(expected.toUpperCase());
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(expected === 'dark');
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe('loading screen', () => {
  it("is themed and titled by index.html's own script before any script file loads, which the CSP allows", async () => {
    const { page, context, problems } = await watchedPage(browser);
    // No JavaScript file is answered: what shows is index.html alone, with its one inline script.
    const scriptFiles: string[] = [];
    await page.route('**/*.js', (route) => {
      scriptFiles.push(route.request().url());
      return route.abort();
    });
    const response = await page.goto(`${baseURL}/portfolio`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    await expect.poll(() => page.locator('#initial-loading-title').textContent()).toBe('Portfolio');
    expect(await page.evaluate(() => document.documentElement.className)).toMatch(/\b(dark|light)\b/);
    expect(scriptFiles.some((url) => url.includes('static-shell'))).toBe(false);
    // The aborted files are reported; nothing else is (a CSP refusal of the inline script would be).
    expect(problems().filter((problem) => !problem.includes('net::ERR_FAILED'))).toEqual([]);
    await context.close();
  });

  it('shows its spinner, and skeletons pulse, only once the wait has lasted a second', async () => {
    const { page, context } = await watchedPage(browser);
    // No JavaScript file is answered, so the static shell stays up as long as this test looks at it.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${baseURL}/dashboard`);
    const spinner = () =>
      page.evaluate(() => {
        const element = document.querySelector('.initial-loading__spinner');
        if (!element) return null;
        const style = getComputedStyle(element);
        return { opacity: style.opacity, turned: style.transform !== 'none', time: performance.now() };
      });
    const early = await spinner();
    // Looked at well before the second (else this run says nothing about it).
    expect(early?.time).toBeLessThan(900);
    expect(early).toMatchObject({ opacity: '0', turned: false });
    await expect.poll(spinner, { timeout: 3000 }).toMatchObject({ opacity: '1', turned: true });
    await context.close();

    const demo = await watchedPage(browser);
    await demo.page.goto(`${baseURL}/loading-demo`);
    const skeleton = demo.page.locator('.chakra-skeleton').first();
    await skeleton.waitFor();
    const pulse = await skeleton.evaluate((element) =>
      element.getAnimations().map((animation) => ({
        name: (animation as CSSAnimation).animationName,
        delay: animation.effect?.getTiming().delay,
      })),
    );
    expect(pulse).toEqual([{ name: 'pulse', delay: 1000 }]);
    await demo.context.close();
  });

  it('is hidden after load, at once (no fade), and then removed', async () => {
    const { page, context } = await watchedPage(browser);
    await page.goto(`${baseURL}/dashboard`);
    const hidden = await page.waitForFunction(
      () => {
        const element = document.querySelector('#initial-loading.initial-loading--hidden');
        if (!element) return null;
        return {
          visibility: getComputedStyle(element).visibility,
          moving: element.getAnimations({ subtree: true }).length,
        };
      },
      undefined,
      { timeout: 5000, polling: 'raf' },
    );
    expect(await hidden.jsonValue()).toEqual({ visibility: 'hidden', moving: 0 });
    await page.waitForFunction(() => document.getElementById('initial-loading') === null, undefined, {
      timeout: 5000,
    });
    await context.close();
  });
});

describe('trading mode and logout', () => {
  it('a refused switch to Live keeps Paper and shows the spec error toast', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${baseURL}/dashboard`);
    const modes = page.getByRole('radiogroup', { name: 'Trading mode' }).first();
    await modes.getByText('Live', { exact: true }).click();
    await page.getByText('Failed to switch trading mode').first().waitFor();
    await expect.poll(() => modes.getByRole('radio', { name: 'Paper' }).isChecked()).toBe(true);
    const mode = (await gql('{ tradingMode { effectiveMode } }')).tradingMode as { effectiveMode: string };
    expect(mode.effectiveMode).toBe('paper');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('Logout removes the stored token and reloads', async () => {
    const { page, context } = await watchedPage(browser);
    await page.goto(`${baseURL}/dashboard`);
    await page.evaluate(() => localStorage.setItem('authToken', 'single-user-default-token'));
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await reloaded;
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await context.close();
  });
});
