/**
 * Live news (issue 16 point 1): the simulated market's stories of a session reach the newsUpdates subscribers when
 * the next day's quotes arrive. Live Alpaca news against the local Alpaca news server speaking the stream's protocol: a story
 * pushed on the stream reaches news() at once (the REST page stays cached) and the newsUpdates subscribers of its
 * symbols; the stream is opened again after it drops; a second connection of the key is refused (406) and retried
 * until the first one is gone; of two app instances on one PostgreSQL database only the leader holds the stream,
 * and the other takes it over when the leader stops.
 */
import type { Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMarket } from '../../server/services/market';
import { AlpacaNews, type NewsItem, type RawNewsItem } from '../../server/services/news';
import type { AlpacaNewsArticle } from '../../server/services/news/alpaca';
import { newsStreamUrl } from '../../server/services/news/alpacaStream';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { PATIENCE_MS, until } from '../fixtures/waiting';
import { startAlpacaNewsServer, type FakeAlpacaNews } from '../fixtures/alpacaNewsServer';
import { createTestApp, drivers, graphql, graphqlWsClient, nextWhile, type TestApp } from './helpers';
import { createScratchDatabase } from './scratchDatabase';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
const keys = { keyId: 'PKLIVE', secretKey: 'live-secret' };
const NEWS = `query News($symbols: [String!]) { news(symbols: $symbols, limit: 50) { id headline symbols } }`;

let nextId = 40_000_000;
function story(symbol: string, headline: string): AlpacaNewsArticle {
  nextId += 1;
  return {
    id: nextId,
    headline,
    summary: `${headline}.`,
    author: 'Reporter',
    created_at: new Date(WEDNESDAY_1100 - 60_000 + (nextId % 1000)).toISOString(),
    updated_at: new Date(WEDNESDAY_1100).toISOString(),
    url: `https://www.benzinga.example/${nextId}`,
    content: '<p>story</p>',
    symbols: [symbol],
    source: 'benzinga',
  };
}

/** Waits until `condition` holds, at most PATIENCE_MS. */
const settled = (condition: () => boolean) => until(condition, PATIENCE_MS);

/** Reads until `holds` (every 25 ms, at most PATIENCE_MS). */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() - started > PATIENCE_MS)
      throw new Error(`condition not reached; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const alpacaEnv = (fake: FakeAlpacaNews) => ({
  MARKET_PROVIDER: 'alpaca',
  ALPACA_KEY_ID: keys.keyId,
  ALPACA_SECRET_KEY: keys.secretKey,
  ALPACA_DATA_URL: fake.dataUrl,
  ALPACA_STREAM_URL: fake.streamUrl,
});

describe.each(drivers)('live Alpaca news (%s)', (driver) => {
  let fake: FakeAlpacaNews;
  let t: TestApp;
  let client: Client | undefined;

  beforeAll(async () => {
    fake = await startAlpacaNewsServer([story('AAPL', 'Apple opens a new campus')], keys);
    const market = new SimulatedMarket({ seed: 'news-stream', now: WEDNESDAY_1100 });
    t = await createTestApp(driver, { market, now: () => new Date(WEDNESDAY_1100), env: alpacaEnv(fake) });
  });
  afterAll(async () => {
    await client?.dispose();
    await t?.close();
    await fake?.close();
  });

  const newsOf = async (symbol: string) => {
    const { data, errors } = await graphql<{ news: Pick<NewsItem, 'id' | 'headline'>[] }>(t.app, NEWS, {
      variables: { symbols: [symbol] },
    });
    expect(errors).toBeUndefined();
    return data!.news.map((item) => item.headline);
  };

  it('passes a pushed story to news() at once and to the newsUpdates subscribers of its symbols only', async () => {
    await settled(() => fake.subscribers() === 1);
    expect(await newsOf('AAPL')).toEqual(['Apple opens a new campus']);
    const restRequests = fake.requests.length;

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    client = graphqlWsClient(address, SINGLE_USER_TOKEN);
    const updates = client.iterate<{ newsUpdates: NewsItem }>({
      query: 'subscription { newsUpdates(symbols: ["aapl"]) { id headline symbols sentiment relevanceScore } }',
    });
    const pushed: AlpacaNewsArticle[] = [];
    // until the subscription is up, each round pushes a story of another symbol, then one about Apple
    const first = await nextWhile(updates, async () => {
      fake.push(story('KO', 'Coca-Cola raises its dividend'));
      pushed.push(story('AAPL', `Apple beats estimates, round ${pushed.length + 1}`));
      fake.push(pushed.at(-1)!);
    });
    expect(first.errors).toBeUndefined();
    expect(pushed.map((a) => `alpaca:${a.id}`)).toContain(first.data?.newsUpdates.id);
    expect(first.data!.newsUpdates.symbols[0]).toBe('AAPL');
    expect(first.data!.newsUpdates.sentiment).toBeGreaterThan(0);
    expect(first.data!.newsUpdates.relevanceScore).toBeGreaterThan(0);

    // news() lists the streamed stories with the cached page, without asking the REST API again
    const wanted = [...pushed.map((a) => a.headline), 'Apple opens a new campus'];
    await eventually(
      () => newsOf('AAPL'),
      (headlines) => wanted.every((h) => headlines.includes(h)),
    );
    expect(await newsOf('KO')).toContain('Coca-Cola raises its dividend');
    expect(fake.requests.slice(restRequests).filter((path) => path.includes('symbols=AAPL'))).toEqual([]);

    await updates.return?.();

    // bad input: a clear error naming the field, before anything is streamed
    const bad = client.iterate({ query: 'subscription { newsUpdates(symbols: ["NOPE"]) { id } }' });
    const outcome = await bad.next().then(
      (result) => JSON.stringify(result.value),
      (error: unknown) => JSON.stringify(error),
    );
    expect(outcome).toContain('symbols: unknown symbol \\"NOPE\\"');
  }, 180_000);

  it('opens the stream again after it drops and keeps delivering', async () => {
    const opened = fake.streamConnections.opened;
    fake.dropStreams();
    await settled(() => fake.streamConnections.opened > opened && fake.subscribers() === 1);
    const after = story('MSFT', 'Microsoft signs a cloud deal after the reconnect');
    fake.push(after);
    await eventually(
      () => newsOf('MSFT'),
      (headlines) => headlines.includes(after.headline),
    );
    expect(fake.streamConnections.mostOpen).toBe(1);
  }, 180_000);
});

describe.each(drivers)('live simulated news (%s)', (driver) => {
  it('sends a session’s stories to the newsUpdates subscribers when the next day’s quotes arrive', async () => {
    let clock = WEDNESDAY_1100;
    const market = new SimulatedMarket({ seed: 'news-stream-simulated', now: clock });
    const t = await createTestApp(driver, { market, now: () => new Date(clock) });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = graphqlWsClient(address, SINGLE_USER_TOKEN);
    try {
      const updates = client.iterate<{ newsUpdates: NewsItem }>({
        query: 'subscription { newsUpdates { id url publishedAt } }',
      });
      // a day later on each round, until a completed session's story arrives
      const pushed = await nextWhile(updates, async () => market.tick((clock += 24 * 3600_000)));
      const story = pushed.data!.newsUpdates;
      expect(story.url).toMatch(/^simulator:news\//);
      expect(Date.parse(story.publishedAt)).toBeLessThan(clock);
      const { data } = await graphql<{ news: Pick<NewsItem, 'id'>[] }>(t.app, NEWS, { variables: { symbols: null } });
      expect(data!.news.map((item) => item.id)).toContain(story.id);
      await updates.return?.();
    } finally {
      await client.dispose();
      await t.close();
    }
  }, 180_000);
});

describe('the Alpaca news stream and the connection limit', () => {
  it('is refused with 406 while another connection holds the key, and retries until it is free', async () => {
    const fake = await startAlpacaNewsServer([], keys);
    // another holder of the key (another app, or the Alpaca dashboard)
    const holder = new WebSocket(newsStreamUrl(fake.streamUrl));
    const toHolder: string[] = [];
    holder.on('message', (data) => toHolder.push(String(data)));
    holder.on('open', () => holder.send(JSON.stringify({ action: 'auth', key: keys.keyId, secret: keys.secretKey })));
    await settled(() => toHolder.some((message) => message.includes('authenticated')));

    const errors: string[] = [];
    const provider = new AlpacaNews({
      ...keys,
      dataUrl: fake.dataUrl,
      streamUrl: newsStreamUrl(fake.streamUrl),
      reconnectMs: 20,
      onStreamError: (error) => errors.push(error.message),
    });
    const received: RawNewsItem[] = [];
    const unsubscribe = provider.subscribe((item) => received.push(item));
    await settled(() => fake.streamConnections.refused >= 2);
    expect(errors[0]).toMatch(/^Alpaca news stream error 406: connection limit exceeded/);
    expect(provider.streaming).toBe(false);

    holder.close();
    await settled(() => provider.streaming && fake.subscribers() === 1);
    const article = story('NVDA', 'NVIDIA unveils a new chip');
    fake.push(article);
    await settled(() => received.length === 1);
    expect(received[0]).toMatchObject({ id: String(article.id), headline: article.headline, symbols: ['NVDA'] });

    unsubscribe();
    await settled(() => fake.streamConnections.open === 0);
    await fake.close();
  }, 180_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the Alpaca news stream with two app instances on one PostgreSQL', () => {
  it('is held by the leader only, and taken over by the other instance when the leader stops', async () => {
    const fake = await startAlpacaNewsServer([], keys);
    const scratch = await createScratchDatabase(adminUrl!, 'news_two');
    const market = new SimulatedMarket({ seed: 'news-two', now: WEDNESDAY_1100 });
    const env = { ...alpacaEnv(fake), DATABASE_URL: scratch.url };
    const apps: TestApp[] = [];
    try {
      // one after the other: the first applies the migrations
      apps.push(await createTestApp('postgres', { market, env }));
      apps.push(await createTestApp('postgres', { market, env }));
      await settled(() => fake.subscribers() === 1);
      expect(fake.streamConnections).toMatchObject({ opened: 1, mostOpen: 1, refused: 0 });

      // the first one started leads; when it stops, the second takes the lock and opens the stream
      await apps.shift()!.close();
      await settled(() => fake.streamConnections.opened === 2 && fake.subscribers() === 1);
      expect(fake.streamConnections).toMatchObject({ mostOpen: 1, refused: 0 });
    } finally {
      for (const app of apps) await app.close();
      await scratch.drop();
      await fake.close();
    }
  }, 180_000);
});
