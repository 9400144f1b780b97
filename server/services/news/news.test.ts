import { describe, expect, it } from 'vitest';
import { ATOM_FEED, MALFORMED_FEED, RSS_FEED } from '../../../tests/fixtures/newsFeeds';
import { SimulatedMarket } from '../market';
import { parseFeed } from './rss';
import { SimulatedNews } from './simulated';

const NOW = Date.parse('2026-11-18T16:00:00Z');

describe('SimulatedNews', () => {
  it('is the same for the same seed and differs for another', async () => {
    const list = (seed: string) =>
      new SimulatedNews(new SimulatedMarket({ seed, now: NOW })).list({ symbols: [], limit: 20 });
    const [a, b, c] = await Promise.all([list('one'), list('one'), list('two')]);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(new Set(a.map((n) => n.category))).toEqual(new Set(['EARNINGS', 'MOVERS', 'SECTOR', 'MARKET']));
  });
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
