import type { BrowserContext, Page } from 'playwright-core';

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
