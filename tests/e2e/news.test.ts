// News on Stock details and the Dashboard end to end on the production build (issue 16 point 1): the simulated
// market's stories for the symbol with a sentiment badge; the Dashboard's News card (no holdings or watchlists:
// the market's news); a live story (newsUpdates, here published on the server's Redis event bus as the leader's
// news stream would) put first on Stock details; screenshots (phone and desktop, dark and light).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../server/events';
import { createRedisEventBus } from '../../server/eventsRedis';
import { redisSkipReason, startRedisServer, type RedisTestServer } from '../fixtures/redisServer';
import { forEachScreenshotVariant, launchBrowser, watchedPage, scrollToRead } from './browser';
import { revealCard } from './cards';
import { startServer, type RunningServer } from './server';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-screens/news';

let server: RunningServer;
let browser: Browser;
let redis: RedisTestServer | undefined;
let bus: EventBus | undefined;
beforeAll(async () => {
  redis = redisSkipReason() ? undefined : await startRedisServer();
  const env = { MARKET_HOURS: 'always', ...(redis && { REDIS_URL: redis.url }) };
  [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  bus = redis && createRedisEventBus(redis.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await bus?.close();
  await redis?.stop();
});

describe('news', () => {
  it('lists the symbol’s stories with a sentiment badge on Stock details, and news on the Dashboard', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${server.url}/stocks/SPY`);
    await revealCard(page, 'News');
    const list = page.getByTestId('news-list');
    await list.waitFor({ timeout: 30_000 });
    const items = list.locator('li');
    expect(await items.count()).toBeGreaterThan(0);
    await expect.poll(() => items.first().innerText()).toMatch(/(Positive|Negative|Neutral) [+-]?\d\.\d\d/);
    expect(await items.first().innerText()).toContain('SPY');
    const shown = await items.count();
    expect(shown).toBeLessThanOrEqual(6);
    const showAll = page.getByRole('button', { name: /^Show all \d+$/ });
    if ((await showAll.count()) > 0) {
      await showAll.click();
      await expect.poll(() => items.count()).toBeGreaterThan(shown);
    }
    // the simulator's stories have no web page: no link
    expect(await list.locator('a').count()).toBe(0);

    await page.goto(`${server.url}/dashboard`);
    await revealCard(page, 'News');
    await page.getByTestId('news-list').waitFor({ timeout: 30_000 });
    expect(await page.getByText('The market', { exact: true }).count()).toBe(1);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it.skipIf(redisSkipReason())('puts a live story first on Stock details as it is published', async () => {
    const { page, context, problems } = await watchedPage(browser);
    await page.goto(`${server.url}/stocks/AAPL`);
    await revealCard(page, 'News');
    const items = page.getByTestId('news-list').locator('li');
    await items.first().waitFor({ timeout: 30_000 });
    const headline = 'Apple unveils a faster chip, shares rise';
    const story = (symbols: string[], text: string, n: number) => ({
      provider: 'alpaca',
      item: {
        id: `e2e-${n}`,
        headline: text,
        summary: 'Published live.',
        url: `https://news.example/${n}`,
        source: 'benzinga',
        publishedAt: Date.now(),
        symbols,
        category: 'GENERAL' as const,
      },
    });
    // the card's subscription starts after the list shows: published again until it arrives, a KO story first
    let n = 0;
    await expect
      .poll(
        async () => {
          bus!.publish('newsItem', story(['KO'], 'Coca-Cola raises its dividend', (n += 1)));
          bus!.publish('newsItem', story(['AAPL'], headline, 0));
          return items.first().innerText();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toContain(headline);
    expect(await items.first().innerText()).toMatch(/Positive \+\d\.\d\d/);
    expect(await page.getByTestId('news-list').innerText()).not.toContain('Coca-Cola');
    expect(await page.getByTestId('news-list').getByText(headline).count()).toBe(1);
    await scrollToRead(page.getByTestId('news-list'));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/live-story.png` });
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('takes screenshots of the News cards', async () => {
    await forEachScreenshotVariant(browser, async ({ page, name, scheme }) => {
      await page.goto(`${server.url}/stocks/AAPL`);
      await revealCard(page, 'News');
      const list = page.getByTestId('news-list');
      await scrollToRead(list);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-stock-news.png` });
      await page.goto(`${server.url}/dashboard`);
      await revealCard(page, 'News');
      const dashboardList = page.getByTestId('news-list');
      await scrollToRead(dashboardList);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}-dashboard-news.png` });
    });
  });
});
