// Web Push end to end on the production build (issue 16 points 4 and 9): a push message delivered to the real
// service worker (CDP ServiceWorker.deliverPushMessage, as a push service would) shows a notification; a click on
// it (a notificationclick event dispatched in the worker through its own listener, as the OS would on a click:
// headless Chromium shows no notification to click) closes it and opens its screen, in the open window or in a new
// one; an order that fills while the app is closed is shown once as the catch-up toast on the next start; the
// Settings section (screenshots: phone and desktop, dark and light).
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertNotification,
  fillNotification,
  opportunityNotification,
  type PushPayload,
} from '../../src/domain/push/notification';
import { singleUserGql } from './api';
import { forEachScreenshotVariant, launchBrowser, watchedPage, scrollToRead } from './browser';
import { startServer, type RunningServer } from './server';
import { untilWorkerControls } from './network';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/push';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ MARKET_HOURS: 'always' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function waitForWorker(page: Page): Promise<void> {
  await untilWorkerControls(page);
}

/** Delivers a push message to the app's service worker as a push service would (CDP). */
async function pushChannel(context: BrowserContext, page: Page): Promise<(data: string) => Promise<unknown>> {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await found;
  return (data) => cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data });
}

/** The notifications the worker shows now (registration.getNotifications), as a page of the app reads them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const notifications = (await registration?.getNotifications()) ?? [];
    return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

/**
 * `fn(arg)` evaluated in the app's running service worker, looked up afresh on each call (Chromium stops an idle
 * worker and starts another for the next event: a handle kept from before may never answer); undefined when the
 * worker does not answer within `ms`. For polls, which ask again: no step of the test waits on the worker unbounded.
 */
async function inWorker<T, A>(context: BrowserContext, fn: (arg: A) => Promise<T>, arg: A, ms = 5000) {
  const worker: Worker = context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    // (fn as never: Playwright types the argument through its own Unboxed<A>, which a type parameter does not reduce to)
    return await Promise.race([worker.evaluate<T, A>(fn as never, arg).catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Tags of the notifications the worker shows now (undefined: the worker did not answer). */
function shownTags(context: BrowserContext): Promise<string[] | undefined> {
  return inWorker(
    context,
    async () => {
      const scope = globalThis as unknown as { registration: ServiceWorkerRegistration };
      return (await scope.registration.getNotifications()).map((n) => n.tag);
    },
    undefined,
  );
}

/**
 * What the clicks did in the worker so far: the URLs they asked the browser to open, and for each click whose work
 * has settled, why it failed (null: it did not). Kept in the worker's global scope by clickNotification.
 */
interface Clicks {
  opened: string[];
  settled: (string | null)[];
}

interface ClickWorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string): Promise<unknown> };
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
  e2eClicks?: Clicks;
}

/**
 * Clicks the notification tagged `tag` as the OS would: a NotificationEvent('notificationclick') for the shown
 * notification, dispatched through the worker's own listener (sw/push.ts handleNotificationClick). Returns once
 * dispatched: what the click does is read afterwards (clicksSoFar, and the page), each with a bounded wait. The
 * promise the listener hands to waitUntil is kept (a script-made event may not extend itself) and its outcome
 * recorded. Chromium grants the one window focus or opening of a click only to a real click, so
 * clients.openWindow is watched (the URL recorded, then the browser's own method called). False: no such
 * notification, or no promise kept.
 */
async function clickNotification(context: BrowserContext, tag: string): Promise<boolean | undefined> {
  return inWorker(
    context,
    async (wanted) => {
      const scope = globalThis as unknown as ClickWorkerScope;
      const [notification] = await scope.registration.getNotifications({ tag: wanted });
      if (!notification) return false;
      if (!scope.e2eClicks) {
        const clicks: Clicks = { opened: [], settled: [] };
        const { clients } = scope;
        const openWindow = clients.openWindow.bind(clients);
        clients.openWindow = (url) => {
          clicks.opened.push(url);
          return openWindow(url);
        };
        scope.e2eClicks = clicks;
      }
      const clicks = scope.e2eClicks;
      const event = new scope.NotificationEvent('notificationclick', { notification });
      const kept: Promise<unknown>[] = [];
      Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => kept.push(promise) });
      scope.dispatchEvent(event);
      if (kept.length === 0) return false;
      void Promise.allSettled(kept).then((results) => {
        const failed = results.find((result) => result.status === 'rejected');
        clicks.settled.push(failed ? String(failed.reason) : null);
      });
      return true;
    },
    tag,
    15_000, // once: asked again, a late answer would have clicked twice
  );
}

/** The clicks' record in the worker (undefined: the worker did not answer, or has been started again since). */
function clicksSoFar(context: BrowserContext): Promise<Clicks | undefined> {
  return inWorker(
    context,
    async () => {
      const clicks = (globalThis as unknown as ClickWorkerScope).e2eClicks;
      return clicks && { opened: [...clicks.opened], settled: [...clicks.settled] };
    },
    undefined,
  );
}

/** The catch-up's last-seen time in idb-keyval's store, or undefined before it is written. */
function lastSeen(page: Page): Promise<unknown> {
  return page.evaluate(async () => {
    // Opening a database that does not exist yet would create it empty under idb-keyval's feet.
    if (!(await indexedDB.databases()).some((database) => database.name === 'keyval-store')) return undefined;
    return new Promise<unknown>((resolve) => {
      const request = indexedDB.open('keyval-store');
      request.onerror = () => resolve(undefined);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('keyval')) {
          db.close();
          resolve(undefined);
          return;
        }
        const get = db.transaction('keyval').objectStore('keyval').get('push.lastSeenAt');
        get.onsuccess = () => {
          db.close();
          resolve(get.result);
        };
        get.onerror = () => {
          db.close();
          resolve(undefined);
        };
      };
    });
  });
}

describe('push notifications', () => {
  it('shows a pushed message as a notification from the service worker', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto(`${server.url}/settings`);
    await waitForWorker(page);
    await page.getByRole('switch', { name: 'Push notifications on this device' }).waitFor();
    const push = await pushChannel(context, page);
    const payload = {
      title: 'Price alert: AAPL',
      body: 'AAPL is above $200.00 (now $201.50)',
      url: '/stock/AAPL',
      tag: 'alert:e2e',
      kind: 'alert',
    };
    await push(JSON.stringify(payload));
    const shown = () => shownNotifications(page);
    await expect
      .poll(shown, { timeout: 15_000 })
      .toEqual([
        { title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/stock/AAPL', kind: 'alert' } },
      ]);
    // A link elsewhere is never followed: the notification opens the Dashboard instead.
    await push(JSON.stringify({ ...payload, tag: 'alert:evil', url: '//evil.example/' }));
    await expect
      .poll(async () => (await shown()).find((n) => n.tag === 'alert:evil')?.data, { timeout: 15_000 })
      .toEqual({ url: '/dashboard', kind: 'alert' });
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('a click on a notification closes it and opens its screen: the open window goes there, else one is opened', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto(`${server.url}/settings`);
    await waitForWorker(page);
    const push = await pushChannel(context, page);
    const kinds: { payload: PushPayload; path: string; heading: string | RegExp }[] = [
      {
        payload: opportunityNotification({ id: '7', symbol: 'NVDA', reasoning: 'Strategy "E2E" signals an entry.' }),
        path: '/stock/NVDA',
        heading: /^NVDA · /,
      },
      {
        payload: alertNotification({
          id: '8',
          symbol: 'AAPL',
          condition: 'above',
          triggerPrice: 200,
          currentPrice: 201.5,
          message: '',
        }),
        path: '/stock/AAPL',
        heading: /^AAPL · /,
      },
      {
        payload: fillNotification({ id: '9', symbol: 'MSFT', side: 'BUY', filledQuantity: 2, averageFillPrice: 410 }),
        path: '/activity',
        heading: 'Activity Center',
      },
    ];
    /** Pushes `payload`, clicks its notification once shown, and checks that the click closed it. */
    const showAndClick = async (payload: PushPayload): Promise<void> => {
      await push(JSON.stringify(payload));
      await expect.poll(() => shownTags(context)).toContain(payload.tag);
      expect(await clickNotification(context, payload.tag)).toBe(true);
      await expect.poll(() => shownTags(context)).not.toContain(payload.tag);
    };

    // A window of the app is open: it is navigated to the notification's screen (no new window).
    for (const { payload, path, heading } of kinds) {
      await showAndClick(payload);
      await page.waitForURL(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await expect
      .poll(() => clicksSoFar(context), { timeout: 20_000 })
      .toEqual({ opened: [], settled: [null, null, null] });
    expect(context.pages()).toEqual([page]);

    // No window of the app (the tab is on another page): the click asks for a new window on the screen, which
    // Chromium refuses to a script-made click only.
    await page.goto('about:blank');
    const urls = kinds.map(({ path }) => `${server.url}${path}`);
    for (const [index, { payload }] of kinds.entries()) {
      await showAndClick(payload);
      await expect.poll(async () => (await clicksSoFar(context))?.opened).toEqual(urls.slice(0, index + 1));
      const settled = await expect
        .poll(async () => (await clicksSoFar(context))?.settled.length, { timeout: 20_000 })
        .toBe(3 + index + 1)
        .then(async () => (await clicksSoFar(context))?.settled[3 + index]);
      expect(settled ?? '').toMatch(/^$|Not allowed to open a window/);
    }
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('shows what happened while the app was closed once, as one toast on the next start', async () => {
    const { page, context } = await watchedPage(browser);
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => lastSeen(page), { timeout: 30_000 }).toBeTypeOf('string');
    await page.close();
    await singleUserGql(
      server.url,
      'mutation { placeOrder(input: { symbol: "MSFT", side: BUY, type: MARKET, quantity: 2 }) { status } }',
    );
    const next = await context.newPage();
    await next.goto(`${server.url}/dashboard`);
    await next.getByText('While you were away: 1 order filled.').waitFor({ timeout: 30_000 });
    const caughtUp = next.waitForResponse((response) =>
      (response.request().postData() ?? '').includes('MissedNotifications'),
    );
    await next.reload();
    // once only: the next start asks again, and has nothing to say
    expect(await (await caughtUp).json()).toEqual({ data: { missedNotifications: [] } });
    await next.getByRole('heading', { name: 'Dashboard' }).first().waitFor({ timeout: 30_000 });
    expect(await next.getByText('While you were away').count()).toBe(0);
    await context.close();
  });

  it('takes screenshots of the Push notifications setting', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await page.goto(`${server.url}/settings`);
      const section = page.getByRole('region', { name: 'Push notifications' });
      await section.waitFor({ timeout: 30_000 });
      await section.getByRole('switch').waitFor();
      await scrollToRead(section);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-settings-push.png` });
    });
  });
});
