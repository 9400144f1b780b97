import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PATIENCE_MS } from '../fixtures/waiting';

/** No network for the page nor for the worker's own fetches (setOffline alone does not stop those). */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

/** Network back for the page and the worker. */
export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/**
 * Reloads a page while the context is offline. Chromium 150 starts the reloaded document with navigator.onLine
 * true although the context is offline (the emulation reaches a new document only when it changes), so it is
 * applied again; requests stay refused throughout (goOffline's route).
 */
export async function reloadOffline(page: Page, context: BrowserContext): Promise<void> {
  await page.reload({ waitUntil: 'domcontentloaded' });
  await context.setOffline(false);
  await context.setOffline(true);
}

/**
 * Waits until the service worker controls `page` (installed, its precache fetched, activated and claiming the page):
 * what every offline step needs first. Precaching the whole build is the slowest part of a first visit on a loaded
 * CI machine, so the wait gets the tests' patience, not a poll's 10 s.
 */
export async function untilWorkerControls(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: PATIENCE_MS })
    .toBe('activated');
}
