// The offline shell on production builds: the service worker (GET_VERSION), offline reloads and deep links
// rendered from the precache with the last-known data, the offline banner (2 s delay, exact text, Retry),
// the prompt-based update from one build to the next, and installability as Chromium reports it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_BANNER_DELAY_MS } from '../../src/domain/constants';
import { CHROMIUM_ARGS, launchBrowser, PHONE, watchedPage } from './browser';
import { revealCard } from './cards';
import { goOffline, goOnline, untilWorkerControls } from './network';
import { freePort, startServer, type RunningServer } from './server';
import { persistedQueryCache } from './persistedCache';

const root = new URL('../..', import.meta.url).pathname;
const V1 = 'e2e-v1';
const V2 = 'e2e-v2';

/** `vite build` of the app with a fixed version (scripts/app-version.js reads APP_VERSION); vitest's NODE_ENV=test
 * would make it a non-production build that never registers the worker. */
function buildApp(outDir: string, version: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production', APP_VERSION: version },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${log}`))));
  });
}

let workDir: string;
let dataDir: string;
let port: number;
let server: RunningServer;
let browser: Browser;
let baseURL: string;

/** Serves one build on the suite's port and data directory (so the origin stays the same across builds). */
async function serve(version: string): Promise<void> {
  await server?.stop();
  server = await startServer({ STATIC_DIR: join(workDir, version) }, { port, dataDir });
  baseURL = server.url;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'offline-e2e-'));
  dataDir = join(workDir, 'data');
  await buildApp(join(workDir, V1), V1);
  await buildApp(join(workDir, V2), V2);
  port = await freePort();
  await serve(V1);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Waits until the service worker controls the page (the first install claims it). */
async function waitForWorker(page: Page): Promise<void> {
  await untilWorkerControls(page);
}

/** Spec §7: GET_VERSION on a MessageChannel; the worker replies { type: 'VERSION', version } on the port. */
function askWorkerVersion(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        setTimeout(() => resolve(null), 5000);
        worker.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );
}

const heading = (page: Page) => {
  const first = page.getByRole('heading', { level: 1 }).first();
  // Short waits inside expect.poll, so a page that never shows its heading fails at this line, not at the timeout.
  return { textContent: () => first.textContent({ timeout: 5000 }) };
};
const banner = (page: Page) => page.getByTestId('offline-banner');
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/offline';

/** The banner at y 0 of the viewport, the top bar (phones) or the sidebar (desktop) and the page's heading below it. */
async function expectBannerOnTop(page: Page): Promise<void> {
  const box = await banner(page).boundingBox();
  if (!box) throw new Error('no offline banner');
  expect(box.y).toBe(0);
  const below = box.y + box.height;
  const edge = await page.locator('header, aside').first().boundingBox();
  expect(edge?.y ?? -1).toBeGreaterThanOrEqual(below - 1);
  const scrolled = await page.evaluate(() => window.scrollY);
  if (scrolled === 0) {
    const title = await page.getByRole('heading', { level: 1 }).first().boundingBox();
    expect(title?.y ?? -1).toBeGreaterThanOrEqual(below);
  }
  expect(await banner(page).getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
}

/** A fresh context on the Dashboard, controlled by the worker. */
async function openDashboard(viewport?: { width: number; height: number }) {
  const watched = await watchedPage(browser, viewport ? { viewport } : {});
  await watched.page.goto(`${baseURL}/`);
  await expect.poll(() => heading(watched.page).textContent()).toBe('Dashboard');
  await waitForWorker(watched.page);
  return watched;
}

describe('service worker', () => {
  it('controls the page and answers GET_VERSION with the version shown in Settings', async () => {
    const { page, context, problems } = await openDashboard();
    expect(await askWorkerVersion(page)).toEqual({ type: 'VERSION', version: V1 });
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(V1);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('Chromium reports no installability errors', async () => {
    // A profile on disk: Chromium never offers installation in incognito-like contexts (browser.newContext()).
    const profile = mkdtempSync(join(tmpdir(), 'offline-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseURL}/`);
      await expect.poll(() => heading(page).textContent()).toBe('Dashboard');
      await waitForWorker(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('offline', () => {
  it('reloading the Dashboard offline renders the shell with the last-known data', async () => {
    const { page, context } = await openDashboard();
    const nextOpenValue = page.getByText('Next open', { exact: true }).locator('xpath=following-sibling::*[1]');
    // The first dashboard load computes the market overview: allow for a busy machine. The card is the page's last:
    // scrolled to, as a reader would.
    await revealCard(page, 'Trading status', 60_000);
    await nextOpenValue.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      console.log(
        'Trading status card:',
        await page
          .getByRole('region', { name: 'Trading status' })
          .textContent({ timeout: 2000 })
          .catch(() => 'n/a'),
      );
      console.log('Page main:', (await page.locator('main').textContent({ timeout: 2000 }))?.slice(0, 1500));
      throw error;
    });
    const nextOpen = await nextOpenValue.textContent();
    expect(nextOpen).toMatch(/\d/);
    await expect.poll(() => persistedQueryCache(page), { timeout: 10_000 }).toContain('tradingStatus');

    await goOffline(context);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Dashboard');
    expect(await page.getByRole('navigation').first().isVisible()).toBe(true);
    await revealCard(page, 'Trading status');
    await expect.poll(() => nextOpenValue.textContent(), { timeout: 15_000 }).toBe(nextOpen);
    await context.close();
  }, 150_000);

  it('deep links open offline: /settings with the cached preferences, /stocks/AAPL with its page', async () => {
    const { page, context } = await openDashboard();
    await page.goto(`${baseURL}/settings`);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(V1);
    await expect.poll(() => persistedQueryCache(page), { timeout: 10_000 }).toContain('"me"');
    await page.getByText('Default timeframe').waitFor();

    await goOffline(context);
    await page.goto(`${baseURL}/settings`);
    await expect.poll(() => heading(page).textContent()).toBe('Settings');
    expect(await page.getByTestId('app-version').textContent()).toBe(V1);
    // The preferences come from the persisted query cache (the server is out of reach).
    await page.getByText('Default timeframe').waitFor();

    await page.goto(`${baseURL}/stocks/AAPL`);
    await expect.poll(() => heading(page).textContent()).toMatch(/AAPL/);
    await context.close();
  });
});

describe('offline banner', () => {
  it("appears 2 s after going offline with 'You're offline.', the cached hint and the version; hides online", async () => {
    const { page, context } = await openDashboard(PHONE);
    const wentOffline = Date.now();
    await goOffline(context);
    // Well inside the delay it is not there yet.
    await page.waitForTimeout(OFFLINE_BANNER_DELAY_MS / 2);
    expect(await banner(page).count()).toBe(0);
    await banner(page).waitFor();
    expect(Date.now() - wentOffline).toBeGreaterThanOrEqual(OFFLINE_BANNER_DELAY_MS);
    const text = await banner(page).innerText();
    expect(text).toContain("You're offline.");
    expect(text).toContain('Some features are cached and still work.');
    await expect.poll(() => banner(page).innerText()).toContain(`Version ${V1}`);

    // Fixed at the top of the viewport; the page's own header (the phone top bar) and the page move below it,
    // so nothing is covered, also once the page is scrolled.
    await expectBannerOnTop(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-banner-phone.png` });
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expectBannerOnTop(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-banner-phone-scrolled.png` });
    expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(true);

    await goOnline(context);
    await banner(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it("Retry shows 'Checking...' while the health check runs, then returns to Retry while still offline", async () => {
    const { page, context } = await openDashboard();
    await goOffline(context);
    let releaseHealth: () => void = () => undefined;
    const healthAsked = new Promise<void>((resolve) => {
      void context.route('**/api/health', async (route) => {
        expect(route.request().method()).toBe('HEAD');
        resolve();
        await new Promise<void>((release) => (releaseHealth = release));
        await route.abort('internetdisconnected');
      });
    });
    await banner(page).waitFor();
    await expectBannerOnTop(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-banner-desktop.png` });
    await page.getByRole('button', { name: 'Retry' }).click();
    await healthAsked;
    await expect.poll(() => banner(page).getByRole('button').textContent()).toBe('Checking...');
    expect(await page.getByRole('button', { name: 'Checking...' }).isDisabled()).toBe(true);
    releaseHealth();
    await expect.poll(() => banner(page).getByRole('button').textContent()).toBe('Retry');
    expect(await banner(page).isVisible()).toBe(true);
    await context.close();
  });

  it('Retry reloads the page when the health check answers OK', async () => {
    const { page, context } = await openDashboard();
    // The browser believes it is offline, but the server answers: Retry finds out and reloads.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
    });
    await banner(page).waitFor();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Retry' }).click();
    await reloaded;
    await expect.poll(() => heading(page).textContent()).toBe('Dashboard');
    await context.close();
  });
});

describe('update', () => {
  it('a new build is offered in a toast; accepting reloads once and the worker answers the new version', async () => {
    const { page, context } = await openDashboard();
    expect(await askWorkerVersion(page)).toEqual({ type: 'VERSION', version: V1 });

    await serve(V2);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const toast = page.getByTestId('update-toast');
    await toast.waitFor({ timeout: 20_000 });
    expect(await toast.innerText()).toContain('A new version is available');
    // Still version 1 until the user accepts: nothing is forced.
    expect(loads).toBe(0);
    expect(await askWorkerVersion(page)).toEqual({ type: 'VERSION', version: V1 });

    await toast.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => loads, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => heading(page).textContent()).toBe('Dashboard');
    expect(await askWorkerVersion(page)).toEqual({ type: 'VERSION', version: V2 });
    await page.goto(`${baseURL}/settings`);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(V2);
    // One reload, no loop (a second one would have happened by now that the new version rendered).
    expect(loads).toBe(2);
    await context.close();
  });
});
