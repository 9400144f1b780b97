// Card slots that mount their card only once it nears the screen (SkippedCardSlot, DeferredCard) on the phone
// Dashboard in Chromium against the production build: below the first view the cards are skeletons after the
// load; scrolling, Tab, printing and a restored scroll position mount them; screenshots of the whole Dashboard
// after scrolling through it (phone and desktop, dark and light).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { forEachScreenshotVariant, PHONE, watchedPage } from './browser';
import { revealCard } from './cards';
import { e2eSuite } from './suite';

const e2e = e2eSuite('near-view');

/** The Dashboard's slots in document order, each with whether its card is mounted. */
function slots(page: Page): Promise<{ title: string; near: boolean }[]> {
  return page.locator('[data-card-slot]').evaluateAll((elements) =>
    elements.map((element) => ({
      title: element.getAttribute('data-card-slot') ?? '',
      near: element.getAttribute('data-near') === 'true',
    })),
  );
}

/**
 * Opens the Dashboard and waits for its first card (Portfolio) to show its figures and for the static shell to be
 * gone (spec §4: it is hidden 500 ms after the window load and removed 300 ms later).
 */
async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${e2e.server.url}/dashboard`);
  await revealCard(page, 'Portfolio');
  await page.locator('#initial-loading').waitFor({ state: 'detached' });
}

/** Scrolls to the bottom with the mouse wheel, a screen at a time, as a reader would. */
async function scrollThrough(page: Page): Promise<void> {
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  for (let step = 0; step < 40; step += 1) {
    const atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 2);
    if (atBottom) return;
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  throw new Error('the Dashboard did not end within 40 screens');
}

/** Tabs from the top until focus lands on a slot whose card was not mounted after the load; returns its title. */
async function tabToWaitingSlot(page: Page): Promise<string> {
  const farBefore = new Set((await slots(page)).filter((slot) => !slot.near).map((slot) => slot.title));
  expect(farBefore.size).toBeGreaterThan(0);
  for (let presses = 0; presses < 300; presses += 1) {
    await page.keyboard.press('Tab');
    const slot = await page.evaluate(() => document.activeElement?.getAttribute('data-card-slot') ?? null);
    if (slot !== null && farBefore.has(slot)) return slot;
  }
  throw new Error('Tab never reached a waiting card slot');
}

/** Whether focus is on a control inside the card of slot `title` (not on the slot itself). */
const focusInsideCard = (page: Page, title: string) =>
  page.evaluate((name) => {
    const slot = document.querySelector(`[data-card-slot="${name}"]`);
    return slot !== document.activeElement && slot?.contains(document.activeElement) === true;
  }, title);

describe('cards mounted near the screen', () => {
  it('leaves the cards below the first view as skeletons after the load, and scrolling mounts them', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: PHONE });
    await openDashboard(page);
    const before = await slots(page);
    expect(before.map((slot) => slot.title)).toEqual([
      'Portfolio',
      'Market overview',
      'Recent activity',
      'Insights',
      'Market scanner',
      'News',
      'Watchlists',
      'Price alerts',
      'Trading status',
      'System health',
    ]);
    expect(before[0]?.near).toBe(true);
    // On a 844px phone, the last cards are screens below: their skeletons only (no card, no request of theirs).
    const far = before.slice(-4);
    expect(far.every((slot) => !slot.near)).toBe(true);
    for (const { title } of far) {
      const slot = page.locator(`[data-card-slot="${title}"]`);
      expect(await slot.locator('section[aria-busy="true"]').count()).toBe(1);
      expect(await slot.getByRole('button').count()).toBe(0);
    }

    await scrollThrough(page);
    await expect.poll(async () => (await slots(page)).filter((slot) => !slot.near)).toEqual([]);
    for (const title of ['Watchlists', 'Price alerts', 'Trading status', 'System health'])
      await revealCard(page, title);
    await page.getByRole('region', { name: 'Price alerts' }).getByRole('button', { name: /New/ }).first().waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('runs no animation once the first view has loaded: the skeletons of waiting slots are still', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: PHONE });
    for (const path of ['/dashboard', '/stocks/AAPL']) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.locator('#initial-loading').waitFor({ state: 'detached' });
      // Slots wait below the first view, each showing a skeleton (so the check below has something to hold).
      const waiting = page.locator('[data-near="false"] .chakra-skeleton');
      await expect.poll(() => waiting.count()).toBeGreaterThan(0);
      // A skeleton pulses while its card loads; nothing loads in a slot that waits for the reader, and once the
      // first view's loads are done no animation is left running (each would have every frame drawn again).
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              document
                .getAnimations()
                .filter((animation) => animation.playState === 'running')
                .map((animation) => {
                  const target = (animation.effect as KeyframeEffect | null)?.target;
                  const slot = target?.closest('[data-card-slot]')?.getAttribute('data-card-slot');
                  return `${(animation as CSSAnimation).animationName} on ${target?.className ?? '?'} in ${slot ?? 'the page'}`;
                }),
            ),
          // The first view's loads on a loaded machine: longer than the suite's 10 s.
          { timeout: 20_000 },
        )
        .toEqual([]);
      expect(await waiting.count()).toBeGreaterThan(0);
    }
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('reaches a card below the first view by Tab: the slot takes focus in view, mounts it, and the next Tab enters it', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: PHONE });
    await openDashboard(page);
    const title = await tabToWaitingSlot(page);
    const wrapper = page.locator(`[data-card-slot="${title}"]`);
    // A named group while it waits, scrolled into view by the focus, and mounted.
    expect(await wrapper.getAttribute('role')).toBe('group');
    expect(await wrapper.getAttribute('aria-label')).toBe(title);
    await expect.poll(() => wrapper.getAttribute('data-near')).toBe('true');
    const box = await wrapper.boundingBox();
    expect(box && box.y < PHONE.height && box.y + box.height > 0).toBe(true);
    await revealCard(page, title);
    await page.screenshot({ path: `${e2e.screenshotDir}/phone-focused-slot.png` });
    // Focus stayed on the slot (out of the tab order now, but not lost) ...
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-card-slot'))).toBe(title);
    expect(await wrapper.getAttribute('tabindex')).toBe('-1');
    // ... so the next Tab goes to the card's first control, and the slot leaves the tab order.
    await page.keyboard.press('Tab');
    expect(await focusInsideCard(page, title)).toBe(true);
    expect(await wrapper.getAttribute('tabindex')).toBeNull();
    expect(await wrapper.getAttribute('role')).toBeNull();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('enters a card by a Tab pressed at once on its waiting slot, once the card is built (not past it)', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: PHONE });
    await openDashboard(page);
    // Market scanner: below the first view on a phone, and its card needs requests (its code, its scans) to be
    // built. Those are held from here until after the second Tab, so the card is surely still being built then
    // (a card built from data already on the device could be ready before the Tab, whatever the delay).
    const title = 'Market scanner';
    const slot = page.locator(`[data-card-slot="${title}"]`);
    expect(await slot.getAttribute('data-near')).toBe('false');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*', async (route) => {
      await held;
      await route.fallback();
    });
    // Focus arrives on the waiting slot (as by Tab, see above), which mounts it; Tab again at once.
    await slot.focus();
    await expect.poll(() => slot.getAttribute('data-near')).toBe('true');
    expect(await slot.locator('[aria-busy="true"]').count()).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    // Focus stays on the slot while the card is built (not past it to the next card) ...
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-card-slot'))).toBe(title);
    release();
    // ... and goes into the card once it is.
    await expect.poll(() => focusInsideCard(page, title)).toBe(true);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('passes axe (WCAG A and AA) with cards waiting, and with a waiting slot focused and mounted', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: PHONE });
    await openDashboard(page);
    // axe-core as Lighthouse runs it (its dependency), evaluated (the app's CSP refuses an added script).
    await page.evaluate(readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const violations = () =>
      page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(options: object): Promise<{ violations: unknown[] }> } }).axe;
        const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] } });
        return (result.violations as { id: string; nodes: { target: string[] }[] }[]).map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      });
    expect((await slots(page)).some((slot) => !slot.near)).toBe(true);
    expect(await violations()).toEqual([]);
    const waiting = (await slots(page)).find((slot) => !slot.near)?.title ?? '';
    await page.locator(`[data-card-slot="${waiting}"]`).focus();
    await revealCard(page, waiting);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-card-slot'))).toBe(waiting);
    expect(await violations()).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('mounts every card when the page is printed', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: PHONE });
    await openDashboard(page);
    expect((await slots(page)).some((slot) => !slot.near)).toBe(true);
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    // Synchronously in the listener: the printout is laid out right after it.
    expect((await slots(page)).filter((slot) => !slot.near)).toEqual([]);
    await page.getByRole('region', { name: 'System health' }).waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('mounts the cards on screen at a restored scroll position (back navigation)', async () => {
    const { page, context, problems } = await watchedPage(e2e.browser, { viewport: PHONE });
    await openDashboard(page);
    await scrollThrough(page);
    await revealCard(page, 'System health');
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(PHONE.height * 2);
    await page.getByRole('link', { name: 'Open scanner' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/dashboard');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(PHONE.height * 2);
    // Nothing scrolls here: the restored position alone mounts the cards on screen, whichever they are (cards
    // above may be built or waiting, so their heights differ from before and the same scrollY may show other cards).
    // Whether the first ones, screens above, stay waiting is not asserted: the router restores the position as the
    // page grows back, and a card near the top while it was short may have mounted.
    const onScreen = () =>
      page.locator('[data-card-slot]').evaluateAll((elements) =>
        elements
          .filter((element) => {
            const { top, bottom } = element.getBoundingClientRect();
            return bottom > 0 && top < window.innerHeight;
          })
          .map((element) => ({
            title: element.getAttribute('data-card-slot'),
            near: element.getAttribute('data-near'),
          })),
      );
    await expect.poll(async () => (await onScreen()).length).toBeGreaterThan(0);
    await expect.poll(async () => (await onScreen()).filter((slot) => slot.near !== 'true')).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('takes screenshots of the whole Dashboard after scrolling through it', async () => {
    await forEachScreenshotVariant(e2e.browser, async ({ page, name, viewport, scheme }) => {
      await openDashboard(page);
      await scrollThrough(page);
      for (const { title } of await slots(page)) await revealCard(page, title);
      expect((await slots(page)).filter((slot) => !slot.near)).toEqual([]);
      // The whole page as one screen: a full-page capture beyond the viewport would show the cards far above it
      // unpainted (content-visibility: auto skips them), though they are mounted.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height });
      await page.screenshot({ path: `${e2e.screenshotDir}/${name}-${scheme}-dashboard.png` });
    });
  }, 180_000);
});
