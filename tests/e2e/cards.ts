// Cards in slots that mount them only near the screen (Dashboard, Portfolio, Stock details: SkippedCardSlot and
// DeferredCard): a test reaches such a card as a reader would, by scrolling to it.
import type { Locator, Page } from 'playwright-core';
import { scrollToRead } from './browser';

/**
 * Scrolls the card slot titled `title` into view, as a reader scrolling down would, and waits until its card is
 * mounted and done loading (no skeleton, nothing aria-busy in it). Returns the slot, which holds the card (the
 * slot's title is the card's: its region, e.g. getByRole('region', { name: 'Watchlists' }), is inside).
 */
export async function revealCard(page: Page, title: string, timeoutMs = 30_000): Promise<Locator> {
  const slot = page.locator(`[data-card-slot="${title}"]`);
  await scrollToRead(slot, timeoutMs);
  await page.locator(`[data-card-slot="${title}"][data-near="true"]`).waitFor({ timeout: timeoutMs });
  await slot.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: timeoutMs });
  return slot;
}
