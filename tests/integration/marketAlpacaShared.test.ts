/**
 * One Alpaca stream for several server processes (issue 12 point 7): two "processes" (each its AlpacaMarketData and
 * event bus) on one real Redis and one local Alpaca that refuses a second stream connection per key. Only the
 * leader holds the stream, for the symbols of both processes' subscribers; the follower's subscribers get its
 * quotes; when leadership moves, the other process opens the stream within a few seconds and both keep receiving.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedisEventBus } from '../../server/eventsRedis';
import { alwaysLeader, runWhileLeader } from '../../server/services/leader';
import { SimulatedMarket } from '../../server/services/market';
import { AlpacaMarketData } from '../../server/services/market/alpaca/provider';
import { FORGET_AFTER_PERIODS, shareAlpacaStream } from '../../server/services/market/alpaca/sharedStream';
import type { MarketQuote } from '../../src/domain/market/quote';
import { FAKE_KEY_ID, FAKE_SECRET, startFakeAlpaca, type FakeAlpaca } from '../fixtures/alpacaServer';
import { until } from '../fixtures/waiting';
import { redisSkipReason, startRedisServer, type RedisTestServer } from '../fixtures/redisServer';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
const INTEREST_MS = 200;
const log = { error: (object: unknown) => console.error(object) };

describe.skipIf(redisSkipReason())('the Alpaca stream shared across processes through Redis', () => {
  let redis: RedisTestServer;
  let market: SimulatedMarket;
  let fake: FakeAlpaca;
  let clock = WEDNESDAY_1100;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    market = new SimulatedMarket({ seed: 'alpaca-shared', now: clock, alwaysOpen: true });
    fake = await startFakeAlpaca(market);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await fake?.close();
    await redis?.stop();
  });

  async function serverProcess() {
    const provider = new AlpacaMarketData({
      keyId: FAKE_KEY_ID,
      secretKey: FAKE_SECRET,
      dataUrl: fake.dataUrl,
      streamUrl: fake.streamUrl,
    });
    const events = createRedisEventBus(redis.url);
    const errors: unknown[] = [];
    const shared = shareAlpacaStream(provider, events, {
      intervalMs: INTEREST_MS,
      onError: (error) => errors.push(error),
    });
    const election = alwaysLeader(); // leads once started
    const leading = runWhileLeader(election, shared.streaming, log);
    cleanups.push(async () => {
      await leading.stop();
      shared.stop();
      provider.stop();
      await events.close();
    });
    await events.subscriptionsReady();
    return { provider, events, election, errors };
  }

  /** Ticks the market until `received` holds the market's current quote of `symbol` (what the fixture streamed). */
  async function receivesLiveQuote(received: MarketQuote[], symbol: string) {
    return until(() => {
      const live = market.getQuote(symbol)!;
      const last = received.filter((quote) => quote.symbol === symbol).at(-1);
      if (last?.timestamp === live.timestamp && last.price === live.price && last.bid === live.bid) return true;
      fake.tick((clock += 1000));
      return false;
    });
  }

  it('holds one stream, on the leader, for every process’s subscribers; the other takes it over within seconds', async () => {
    const before = { ...fake.streamConnections };
    const a = await serverProcess();
    const b = await serverProcess();
    await a.election.start();

    const onA: MarketQuote[] = [];
    const onB: MarketQuote[] = [];
    a.provider.subscribe(['KO'], (quote) => onA.push(quote));
    b.provider.subscribe(['AAPL', 'msft'], (quote) => onB.push(quote));
    await until(() => ['KO', 'AAPL', 'MSFT'].every((symbol) => fake.subscribed().has(symbol)));
    await receivesLiveQuote(onB, 'AAPL');
    await receivesLiveQuote(onB, 'MSFT');
    await receivesLiveQuote(onA, 'KO');
    expect(onB.every((quote) => quote.symbol !== 'KO')).toBe(true);
    expect(fake.streamConnections.opened - before.opened).toBe(1);

    // Leadership moves from a to b: b opens the stream for both processes' symbols.
    await a.election.stop();
    await b.election.start();
    const tookOver = await until(
      () => fake.streamConnections.opened - before.opened === 2 && fake.subscribed().size > 0,
    );
    await until(() => ['KO', 'AAPL', 'MSFT'].every((symbol) => fake.subscribed().has(symbol)));
    expect(tookOver).toBeLessThan(3000);
    await receivesLiveQuote(onB, 'AAPL');
    await receivesLiveQuote(onA, 'KO');

    expect(fake.streamConnections.mostOpen).toBe(1);
    expect(fake.streamConnections.refused).toBe(before.refused);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('forgets the symbols of a process not heard from for a few periods, and reports malformed notices', async () => {
    const a = await serverProcess();
    await a.election.start();
    a.provider.subscribe(['JPM'], () => undefined);
    await until(() => fake.subscribed().has('JPM'));

    // A process announced NVDA once, then died without withdrawing it.
    a.events.publish('marketInterest', { processId: 'gone', symbols: ['NVDA'] });
    await until(() => fake.subscribed().has('NVDA'));
    const forgotten = await until(() => !fake.subscribed().has('NVDA'));
    expect(forgotten).toBeLessThan((FORGET_AFTER_PERIODS + 2) * INTEREST_MS);
    expect(fake.subscribed().has('JPM')).toBe(true);

    a.events.publish('marketInterest', { processId: 'bad', symbols: [1] as unknown as string[] });
    a.events.publish('marketQuote', { processId: 'bad', quote: { symbol: 'JPM' } as MarketQuote });
    await until(() => a.errors.length === 2);
  });
});
