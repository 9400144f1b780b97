// `npm run perf:render`: how much of one core an idle Dashboard's main thread spends while quotes tick. Starts
// its own server (build when stale, in-memory database, market always open: the simulator ticks every symbol
// once a second), creates a watchlist of 20 symbols and buys one share of each (the Dashboard's watchlist card
// lists symbols; the portfolio card is what streams their quotes), opens the page in Debian's Chromium
// (CHROME_PATH), scrolls the Dashboard to its Watchlists card (lower cards mount only near the screen; on a phone
// that card is below the first view, so it is scrolled to: its 20 ticking rows mounted and on screen, the portfolio
// card's holdings mounted above), waits for it to settle, then records the main thread with the CDP Profiler: live
// (the headline), then the same page whose quote subscription is kept from the server (nothing ticks), so the
// difference is what the ticks cost. Prints both as % of one core, and Chromium's processes over a window as long
// before each profile (what the page costs beyond its main thread: compositing and drawing frames); exits 1 when
// live is above --max (when given).
// Options: --seconds=<n> per phase (30), --page=<path> (/dashboard), --viewport=phone|desktop (phone),
// --cpu-throttle=<n> (1: this machine's speed; 4 is Lighthouse's phone), --max=<percent>.
import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, DESKTOP, PHONE } from '../tests/e2e/browser';
import { revealCard } from '../tests/e2e/cards';
import { profileMainThread, type MainThreadShare } from './perf/mainThread';
import { chromiumCpu, cpuShares } from './perf/processCpu';
import { PERF_SYMBOLS, seedAccount } from './perf/seed';
import { startPerfServer } from './perf/server';

function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

const seconds = Number(option('seconds', '30'));
const path = option('page', '/dashboard');
const viewport = option('viewport', 'phone') === 'desktop' ? DESKTOP : PHONE;
const throttle = Number(option('cpu-throttle', '1'));
const max = option('max', '');
/** Time the page gets after load before a measurement (first fetches, subscriptions, the first ticks). */
const SETTLE_MS = 8_000;

/** A graphql-ws message carrying a quote push. */
const isQuotePush = (message: string | Buffer) =>
  typeof message === 'string' && message.includes('"next"') && message.includes('"marketDataUpdates"');

type Phase = 'live' | 'withheld';

/** A graphql-ws subscribe message for the quote stream. */
const isQuoteSubscribe = (message: string | Buffer) =>
  typeof message === 'string' && message.includes('"subscribe"') && message.includes('marketDataUpdates');

/**
 * Opens the page. `live`: nothing in between; the quote pushes are counted from the outside (Chromium's network
 * events). `withheld`: the WebSocket goes through Playwright's route and the page's quote subscription never
 * reaches the server, so no quote arrives (everything else passes; with no quote traffic the route's own
 * forwarding costs next to nothing).
 */
async function openPage(page: Page, url: string, phase: Phase): Promise<() => number> {
  let quotes = 0;
  if (phase === 'live') {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (isQuotePush(payload)) quotes++;
      }),
    );
  } else {
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        if (!isQuoteSubscribe(message)) server.send(message);
      });
      server.onMessage((message) => {
        if (isQuotePush(message)) quotes++;
        socket.send(message);
      });
    });
  }
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // The figures that tick: the Dashboard's largest holdings, the Portfolio's positions.
  if (path === '/' || path === '/dashboard') {
    await page.getByRole('list', { name: 'Largest holdings' }).waitFor({ timeout: 60_000 });
    const watchlists = await revealCard(page, 'Watchlists', 60_000);
    await watchlists.locator(`[data-testid="watchlist-item"][data-symbol="${PERF_SYMBOLS.at(-1)}"]`).waitFor();
  } else if (path === '/portfolio') {
    await page.getByTestId(`position-${PERF_SYMBOLS[0]}`).waitFor({ timeout: 60_000 });
  }
  await page.waitForTimeout(SETTLE_MS);
  return () => quotes;
}

interface Measured extends MainThreadShare {
  quotesPerSecond: number;
  /** Chromium's processes over a window as long, before the profile (whose sampling would count): % of a core. */
  processes: Record<string, number> | null;
}

async function measure(url: string, phase: Phase): Promise<Measured> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const quotes = await openPage(page, url, phase);
    const cpuBefore = chromiumCpu();
    await page.waitForTimeout(seconds * 1000);
    const cpuAfter = chromiumCpu();
    const processes = cpuBefore && cpuAfter ? cpuShares(cpuBefore, cpuAfter, seconds * 1000) : null;
    const before = quotes();
    const share = await profileMainThread(page, seconds * 1000, throttle);
    return { ...share, quotesPerSecond: (quotes() - before) / seconds, processes };
  } finally {
    await browser.close();
  }
}

const loadBefore = loadavg()[0] ?? 0;
const server = await startPerfServer();
let live: Measured;
let still: Measured;
try {
  await seedAccount(server.url);
  live = await measure(`${server.url}${path}`, 'live');
  still = await measure(`${server.url}${path}`, 'withheld');
} finally {
  await server.stop();
}

const percent = (value: number) => `${value.toFixed(1)}%`.padStart(6);
const row = (label: string, item: typeof live) =>
  `${label.padEnd(34)} ${percent(item.profilerBusy)}  ${percent(item.taskShare)}  ${percent(item.scriptShare)}  ` +
  `${percent(item.styleLayoutShare)}  ${item.quotesPerSecond.toFixed(1).padStart(8)}`;
console.log(
  `\nMain thread of ${path} over ${seconds} s (${PERF_SYMBOLS.length} watched symbols with a position each, ` +
    `${viewport.width}×${viewport.height}, CPU ×${throttle}), % of one core; load average ` +
    `${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after, ${cpus().length} cores\n`,
);
console.log(`${''.padEnd(34)} profiler   tasks  script  style+layout  quotes/s`);
console.log(row('live: 20 symbols ticking', live));
console.log(row('same page, quotes never subscribed', still));
console.log(
  `\nTicks cost ${(live.profilerBusy - still.profilerBusy).toFixed(1)} points of one core. profiler: samples not ` +
    'idle; tasks: Performance.getMetrics TaskDuration (wall time of main-thread tasks).',
);
if (live.processes && still.processes) {
  // The whole browser: the renderer's other threads (compositor, raster) and the GPU process draw every frame.
  const types = ['total', 'renderer', 'gpu-process', 'browser', 'utility'];
  const cells = (shares: Record<string, number>) => types.map((type) => percent(shares[type] ?? 0)).join('  ');
  console.log(`\nChromium's processes over ${seconds} s before the profile, % of one core`);
  console.log(`${''.padEnd(34)} ${types.map((type) => type.padStart(6)).join('  ')}`);
  console.log(`${'live: 20 symbols ticking'.padEnd(34)} ${cells(live.processes)}`);
  console.log(`${'same page, quotes never subscribed'.padEnd(34)} ${cells(still.processes)}`);
}
if (max !== '' && live.profilerBusy > Number(max)) {
  console.log(`Over the ceiling of ${max}% with quotes ticking.`);
  process.exit(1);
}
