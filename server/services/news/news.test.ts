import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PATIENCE_MS, until } from '../../../tests/fixtures/waiting';
import { ATOM_FEED, MALFORMED_FEED, RSS_FEED } from '../../../tests/fixtures/newsFeeds';
import { UNIVERSE } from '../../../src/domain/market/universe';
import { createEventBus, type NewsNotice } from '../../events';
import { SimulatedMarket } from '../market';
import { isPrivateAddress } from './feedAddress';
import { createNewsService } from './index';
import type { RawNewsItem } from './provider';
import { parseFeed, RssNews } from './rss';
import { SimulatedNews } from './simulated';

const NOW = Date.parse('2026-11-18T16:00:00Z');

// The tests that build simulated markets (a year of history each, about 1–3 s idle) are given 30 s, their waits on
// a condition 30 s more: several times what they take on a loaded CI machine (2 cores at load 15–25), where vitest's
// default 5 s was not enough. A wait ends as soon as its condition holds.
describe('SimulatedNews', () => {
  it('is the same for the same seed and differs for another', async () => {
    const list = (seed: string) =>
      new SimulatedNews(new SimulatedMarket({ seed, now: NOW })).list({ symbols: [], limit: 20 });
    const [a, b, c] = await Promise.all([list('one'), list('one'), list('two')]);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(new Set(a.map((n) => n.category))).toEqual(new Set(['EARNINGS', 'MOVERS', 'SECTOR', 'MARKET']));
  }, 30_000);
});

describe('parseFeed', () => {
  it('reads RSS 2.0 items and skips one without a link, with the reason', () => {
    const skipped: string[] = [];
    const items = parseFeed(RSS_FEED, 'https://markets.example.com/rss', NOW, (r) => skipped.push(r));
    expect(items.map((i) => i.headline)).toEqual([
      'Apple beats estimates as iPhone sales surge',
      'Intel warns of weak demand, shares slump',
    ]);
    expect(items[0]).toMatchObject({
      id: 'ex-1001',
      summary: 'Shares of AAPL rose sharply after the bell.',
      source: 'Example Markets & Finance',
      publishedAt: Date.parse('2026-11-18T15:00:00Z'),
    });
    expect(skipped).toEqual(['item 3 ("An item without a link"): no http(s) link']);
  });

  it('reads Atom entries by their alternate link and published (else updated) date', () => {
    const items = parseFeed(ATOM_FEED, 'https://wire.example.org/feed.atom', NOW, () => {});
    expect(items.map((i) => [i.url, new Date(i.publishedAt).toISOString()])).toEqual([
      ['https://wire.example.org/apple-beats', '2026-11-18T15:10:00.000Z'],
      ['https://wire.example.org/msft-guidance', '2026-11-18T13:00:00.000Z'],
    ]);
    expect(items[0]!.summary).toBe('The same story from another wire.');
  });

  it('refuses a malformed document and one that is not a feed', () => {
    expect(() => parseFeed(MALFORMED_FEED, 'https://b.example', NOW, () => {})).toThrow(/not well-formed XML/);
    expect(() => parseFeed('<html><body/></html>', 'https://b.example', NOW, () => {})).toThrow(/neither/);
  });
});

describe('feed addresses (SSRF guard)', () => {
  it('tells private and loopback addresses from public ones', () => {
    for (const inside of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(inside), inside).toBe(true);
    }
    for (const outside of ['93.184.216.34', '8.8.8.8', '2606:4700::6810:85e5', '172.32.0.1']) {
      expect(isPrivateAddress(outside), outside).toBe(false);
    }
  });

  it('refuses a feed on a private address, logging the reason, when public only', async () => {
    const warnings: Record<string, unknown>[] = [];
    const rss = new RssNews({
      feeds: ['http://127.0.0.1:9/feed', 'http://[::1]:9/feed'],
      log: { warn: (object: Record<string, unknown>) => void warnings.push(object) },
      publicOnly: true,
    });
    expect(await rss.list()).toEqual([]);
    expect(warnings.map((w) => w.reason)).toEqual([
      'points at a private address (127.0.0.1)',
      'points at a private address (::1)',
    ]);
  });
});

describe('feed limits', () => {
  it('skips a feed larger than the size limit or slower than the time limit, and still loads the others', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/large') response.end(`<rss>${'x'.repeat(5000)}</rss>`);
      else if (request.url === '/ok') response.end(RSS_FEED);
      // '/slow': never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const warnings: Record<string, unknown>[] = [];
    const rss = new RssNews({
      feeds: [`${base}/large`, `${base}/slow`, `${base}/ok`],
      log: { warn: (object: Record<string, unknown>) => void warnings.push(object) },
      maxBytes: 4000,
      timeoutMs: 300,
    });
    try {
      expect((await rss.list()).map((item) => item.source)).toEqual([
        'Example Markets & Finance',
        'Example Markets & Finance',
      ]);
      expect(warnings.filter((w) => w.feed !== `${base}/ok`).map((w) => w.reason)).toEqual([
        'larger than 4000 bytes',
        'slower than 300 ms',
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('SimulatedNews.subscribe', () => {
  it('sends the stories of each session as its daily bar completes, once, oldest first', async () => {
    const market = new SimulatedMarket({ seed: 'live-news', now: NOW });
    const news = new SimulatedNews(market);
    const before = await news.list({ symbols: [], limit: 0 });
    const received: RawNewsItem[] = [];
    const unsubscribe = news.subscribe((item) => received.push(item));
    // Wednesday goes on (no session completes), then Thursday's first quotes: Wednesday's bar is final, its
    // stories are written and sent, once each
    market.tick(Date.parse('2026-11-18T20:00:00Z'));
    for (const minute of [31, 32, 33]) market.tick(Date.parse(`2026-11-19T14:${minute}:00Z`));
    const after = await news.list({ symbols: [], limit: 0 });
    const fresh = after.filter((story) => !before.some((old) => old.id === story.id));
    expect(fresh.length).toBeGreaterThan(0);
    await until(() => received.length === fresh.length, PATIENCE_MS);
    expect(received).toEqual([...fresh].reverse());
    expect(new Set(received.map((story) => story.publishedAt))).toEqual(new Set([Date.parse('2026-11-18T21:00:00Z')]));
    unsubscribe();
  }, 60_000);
});

describe('newsUpdates enrichment', () => {
  it('enriches a live story once for every subscriber of the process that receives its notice', async () => {
    const service = createNewsService({ providers: [], instruments: () => UNIVERSE, log: { warn: () => undefined } });
    const [apple, every] = await Promise.all([service.live({ symbols: ['AAPL'] }), service.live({})]);
    const notice = (): NewsNotice => ({
      provider: 'alpaca',
      item: {
        id: 'a1',
        headline: 'Apple beats estimates',
        summary: 'Shares of AAPL rose.',
        url: 'https://news.example/a1',
        source: 'Example',
        symbols: [],
        publishedAt: NOW,
        category: 'EARNINGS',
      },
    });
    // the bus hands one notice object to each of the process's subscribers
    const bus = createEventBus();
    const [first, second] = [1, 2].map(() => bus.subscribe('newsItem')[Symbol.asyncIterator]());
    const received = Promise.all([first!.next(), second!.next()]);
    bus.publish('newsItem', notice());
    const [a, b] = await received;
    await Promise.all([first!.return?.(), second!.return?.()]);
    expect(b.value).toBe(a.value);
    const delivered = a.value as NewsNotice;
    const [forApple, forEvery] = [apple(delivered)!, every(delivered)!];
    expect(forApple.symbols).toEqual(['AAPL']);
    expect(forApple.sentiment).toBeGreaterThan(0);
    // the same enrichment (its symbols list) serves both subscribers
    expect(forEvery.symbols).toBe(forApple.symbols);
    // another delivery of the story (another notice) is enriched on its own, the same way
    const again = apple(notice())!;
    expect(again.symbols).not.toBe(forApple.symbols);
    expect(again).toEqual(forApple);
  });
});
