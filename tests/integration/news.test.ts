import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMarket } from '../../server/services/market';
import type { NewsItem as News } from '../../server/services/news';
import { startAlpacaNewsServer, type FakeAlpacaNews } from '../fixtures/alpacaNewsServer';
import { ATOM_FEED, MALFORMED_FEED, RSS_FEED, startFeedServer, type FeedServer } from '../fixtures/newsFeeds';
import { createTestApp, drivers, graphql, type TestApp } from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
const FIELDS = 'id headline summary url source symbols publishedAt category sentiment relevanceScore';

const NEWS = `query News($symbols: [String!], $limit: Int, $category: String) {
  news(symbols: $symbols, limit: $limit, category: $category) { ${FIELDS} } }`;

describe.each(drivers)('news (%s)', (driver) => {
  let simulated: TestApp;
  let feeds: TestApp;
  let feedServer: FeedServer;
  let alpaca: FakeAlpacaNews;
  let market: SimulatedMarket;
  const logs: string[] = [];
  const keys = { keyId: 'PKNEWS', secretKey: 'news-secret' };

  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'news-test', now: WEDNESDAY_1100 });
    feedServer = await startFeedServer({ '/rss': RSS_FEED, '/atom': ATOM_FEED, '/broken': MALFORMED_FEED });
    alpaca = await startAlpacaNewsServer(
      [
        {
          id: 24803233,
          headline: 'Apple Beats Estimates As iPhone Sales Surge',
          created_at: '2026-11-18T15:20:00Z',
          summary: 'Alpaca copy of the story',
          url: 'https://www.markets.example.com/2026/11/18/apple-beats/',
          symbols: ['AAPL'],
          source: 'benzinga',
        },
        {
          id: 24803234,
          headline: 'NVIDIA shares tumble on export probe',
          created_at: '2026-11-18T12:00:00Z',
          summary: '',
          url: 'https://www.benzinga.com/nvda-probe',
          symbols: ['NVDA'],
          source: 'benzinga',
        },
      ],
      keys,
    );
    const now = () => new Date(WEDNESDAY_1100);
    [simulated, feeds] = await Promise.all([
      createTestApp(driver, { market, now }),
      createTestApp(driver, {
        market,
        now,
        logStream: { write: (line: string) => void logs.push(line) },
        env: {
          LOG_LEVEL: 'warn',
          MARKET_PROVIDER: 'alpaca',
          ALPACA_KEY_ID: keys.keyId,
          ALPACA_SECRET_KEY: keys.secretKey,
          ALPACA_DATA_URL: alpaca.dataUrl,
          ALPACA_STREAM_URL: alpaca.streamUrl,
          NEWS_FEEDS: ['/rss', '/broken', '/missing', '/atom'].map((p) => feedServer.url(p)).join(','),
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([simulated.close(), feeds.close()]);
    await Promise.all([feedServer.close(), alpaca.close()]);
  });

  it('writes the simulated market’s news from its own bars, the same for the same seed', async () => {
    const { data, errors } = await graphql<{ news: News[] }>(simulated.app, NEWS, { variables: { limit: 50 } });
    expect(errors).toBeUndefined();
    const news = data!.news;
    expect(news.length).toBeGreaterThan(0);
    for (const item of news) {
      expect(item.sentiment).toBeGreaterThanOrEqual(-1);
      expect(item.sentiment).toBeLessThanOrEqual(1);
      expect(item.url.startsWith('simulator:news/')).toBe(true);
    }
    const dates = news.map((n) => Date.parse(n.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // a mover's headline agrees with the bar: "surge" on an up day at the close the summary quotes
    const mover = news.find((n) => n.category === 'MOVERS')!;
    const symbol = mover.symbols[0]!;
    const bars = market.getCandles(symbol, '1D', 40);
    const day = bars.findIndex((b) => mover.summary.includes(`$${b.close.toFixed(2)}`));
    expect(day).toBeGreaterThan(0);
    const up = bars[day]!.close > bars[day - 1]!.close;
    expect(mover.headline.includes(up ? 'surge' : 'tumble')).toBe(true);
    expect(Math.sign(mover.sentiment)).toBe(up ? 1 : -1);

    const again = await graphql<{ news: News[] }>(simulated.app, NEWS, { variables: { limit: 50 } });
    expect(again.data!.news).toEqual(news);
    const only = await graphql<{ news: News[] }>(simulated.app, NEWS, { variables: { symbols: [symbol] } });
    expect(only.data!.news.every((n) => n.symbols.includes(symbol) && n.relevanceScore > 0)).toBe(true);
    const market_ = await graphql<{ news: News[] }>(simulated.app, NEWS, { variables: { category: 'market' } });
    expect(market_.data!.news.every((n) => n.category === 'MARKET')).toBe(true);
  });

  it('reads Alpaca news and RSS/Atom feeds, skips what is broken with a logged reason, de-duplicates', async () => {
    const { data, errors } = await graphql<{ news: News[] }>(feeds.app, NEWS, {
      variables: { symbols: ['aapl', 'MSFT'] },
    });
    expect(errors).toBeUndefined();
    const news = data!.news;
    // the Alpaca article, the RSS item and the Atom entry are one story: Alpaca's (first provider) is kept
    const apple = news.filter((n) => /apple beats/i.test(n.headline));
    expect(apple).toHaveLength(1);
    expect(apple[0]).toMatchObject({ id: 'alpaca:24803233', source: 'benzinga', symbols: ['AAPL'] });
    expect(apple[0]!.sentiment).toBeGreaterThan(0.5);
    const msft = news.find((n) => n.url === 'https://wire.example.org/msft-guidance')!;
    expect(msft).toMatchObject({ source: 'Wire Service', symbols: ['MSFT'], publishedAt: '2026-11-18T13:00:00.000Z' });
    // the name in the headline (0.6); the "$MSFT" ticker in the summary adds 0.1, the second mention 0.05
    expect(msft.relevanceScore).toBe(0.75);
    expect(msft.sentiment).toBeGreaterThan(0); // "not … cut"
    expect(news.some((n) => n.headline.startsWith('Intel'))).toBe(false); // not about AAPL or MSFT

    const all = await graphql<{ news: News[] }>(feeds.app, NEWS, { variables: { limit: 50 } });
    const intel = all.data!.news.find((n) => n.headline.startsWith('Intel'))!;
    expect(intel).toMatchObject({ source: 'Example Markets & Finance', symbols: ['INTC'], category: 'GENERAL' });
    expect(intel.sentiment).toBeLessThan(0);
    expect(all.data!.news.some((n) => n.headline === 'An item without a link')).toBe(false);
    expect(all.data!.news.some((n) => n.headline === 'Unclosed item')).toBe(false);
    const skipped = logs.map((l) => JSON.parse(l) as { msg: string; feed?: string; reason?: string });
    expect(skipped).toContainEqual(
      expect.objectContaining({
        msg: 'news feed skipped',
        feed: feedServer.url('/broken'),
        reason: expect.stringContaining('not well-formed XML'),
      }),
    );
    expect(skipped).toContainEqual(
      expect.objectContaining({ msg: 'news feed skipped', feed: feedServer.url('/missing'), reason: 'HTTP 404' }),
    );
    expect(skipped).toContainEqual(
      expect.objectContaining({ msg: 'news feed item skipped', reason: expect.stringContaining('no http(s) link') }),
    );
    expect(alpaca.requests.some((r) => r.startsWith('/v1beta1/news?symbols=AAPL%2CMSFT'))).toBe(true);
  });

  it('skips symbols outside the universe when others are known, so their news still loads', async () => {
    const ask = (symbols: string[]) =>
      graphql<{ news: News[] }>(simulated.app, NEWS, { variables: { symbols, limit: 5 } });
    const [known, mixed] = await Promise.all([ask(['AAPL']), ask(['NOPE', 'AAPL'])]);
    expect(mixed.errors).toBeUndefined();
    expect(known.data?.news.length).toBeGreaterThan(0);
    expect(mixed.data?.news).toEqual(known.data?.news);
  });

  it('refuses bad arguments naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ symbols: Array.from({ length: 51 }, (_, i) => `S${i}`) }, 'symbols'],
      [{ symbols: ['NOPE', 'ZZZZ'] }, 'symbols'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 51 }, 'limit'],
      [{ category: 'gossip' }, 'category'],
    ];
    for (const [variables, field] of cases) {
      const { data, errors } = await graphql<{ news: News[] }>(simulated.app, NEWS, { variables });
      expect(data?.news ?? null).toBeNull();
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(errors?.[0]?.message).toContain(field);
    }
  });
});
