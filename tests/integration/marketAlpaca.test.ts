import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { AlpacaMarketData } from '../../server/services/market/alpaca/provider';
import { AlpacaRequestError } from '../../server/services/market/alpaca/rest';
import { SimulatedMarket } from '../../server/services/market';
import type { MarketQuote } from '../../src/domain/market/quote';
import { FAKE_KEY_ID, FAKE_SECRET, startFakeAlpaca, type FakeAlpaca } from '../fixtures/alpacaServer';
import { until } from '../fixtures/waiting';
import { createTestApp, graphql } from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');

describe('Alpaca market data adapter against a local server speaking its protocol', () => {
  let market: SimulatedMarket;
  let fake: FakeAlpaca;
  let clock = WEDNESDAY_1100;
  const adapters: AlpacaMarketData[] = [];
  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'alpaca-test', now: clock });
    fake = await startFakeAlpaca(market, { pageSize: 100 });
  });
  afterEach(() => {
    for (const adapter of adapters.splice(0)) adapter.stop();
  });
  afterAll(() => fake.close());

  const adapter = (secretKey = FAKE_SECRET) => {
    const created = new AlpacaMarketData({
      keyId: FAKE_KEY_ID,
      secretKey,
      dataUrl: fake.dataUrl,
      streamUrl: fake.streamUrl,
      now: () => clock,
      snapshotTtlMs: 0,
    });
    adapters.push(created);
    return created;
  };

  it('reads the newest daily bars of one symbol through the bars endpoint, following next_page_token', async () => {
    fake.requests.length = 0;
    const candles = await adapter().getCandles('aapl', '1D', 250);
    expect(candles).toEqual(market.getCandles('AAPL', '1D', 250));
    const calls = fake.requests.filter((r) => r.startsWith('/v2/stocks/AAPL/bars'));
    expect(calls).toHaveLength(3); // 100 + 100 + 50
    expect(calls[0]).toContain('timeframe=1Day');
    expect(calls[1]).toContain('page_token=');
  });

  it('batches symbols asked together into the multi-symbol bars endpoint', async () => {
    fake.requests.length = 0;
    const source = adapter();
    const [a, b, c] = await Promise.all([
      source.getCandles('MSFT', '5m', 120),
      source.getCandles('KO', '5m', 120),
      source.getCandles('SPY', '5m', 120),
    ]);
    expect(a).toEqual(market.getCandles('MSFT', '5m', 120));
    expect(b).toEqual(market.getCandles('KO', '5m', 120));
    expect(c).toEqual(market.getCandles('SPY', '5m', 120));
    expect(fake.requests.every((r) => r.startsWith('/v2/stocks/bars?'))).toBe(true);
    expect(fake.requests.length).toBeGreaterThan(1); // paged
    expect(fake.requests[0]).toContain('symbols=MSFT%2CKO%2CSPY');
  });

  it('builds quotes from snapshots: last trade, bid/ask, daily bar and previous close', async () => {
    const quotes = await adapter().getQuotes(['NVDA', 'NOPE', 'jpm']);
    expect(quotes.map((q) => q.symbol)).toEqual(['NVDA', 'JPM']);
    for (const quote of quotes) {
      const expected = market.getQuote(quote.symbol)!;
      expect(quote).toMatchObject({
        price: expected.price,
        bid: expected.bid,
        ask: expected.ask,
        open: expected.open,
        high: expected.high,
        low: expected.low,
        previousClose: expected.previousClose,
        volume: expected.volume,
        change: expected.change,
        timestamp: expected.timestamp,
      });
    }
  });

  it('sends the key headers: a wrong secret is refused by the server', async () => {
    const refused = await adapter('wrong')
      .getQuote('AAPL')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AlpacaRequestError);
    expect(refused).toMatchObject({ status: 403 });
  });

  it('streams quotes and trades after auth and subscribe, and unsubscribes when the last listener leaves', async () => {
    const source = adapter();
    const received: MarketQuote[] = [];
    const unsubscribe = source.subscribe(['AAPL', 'ZZZZ'], (quote) => received.push(quote));
    await source.stream.ready();
    await until(() => fake.subscribed().has('AAPL'));
    await source.getQuote('AAPL'); // the snapshot the stream's trades move
    expect(fake.streamMessages).toContainEqual({ action: 'auth', key: FAKE_KEY_ID, secret: FAKE_SECRET });
    expect(fake.streamMessages).toContainEqual({ action: 'subscribe', trades: ['AAPL'], quotes: ['AAPL'] });

    clock += 60_000;
    fake.tick(clock);
    await until(() => received.length >= 2);
    const live = market.getQuote('AAPL')!;
    expect(received.at(-1)).toMatchObject({ symbol: 'AAPL', price: live.price, bid: live.bid, ask: live.ask });
    expect(await source.getQuote('AAPL')).toMatchObject({ price: live.price });

    unsubscribe();
    await until(() => !fake.subscribed().has('AAPL'));
    expect(fake.streamMessages.at(-1)).toEqual({ action: 'unsubscribe', trades: ['AAPL'], quotes: ['AAPL'] });
  });

  it('serves the app with MARKET_PROVIDER=alpaca: marketData, candles and technicalAnalysis over GraphQL', async () => {
    const testApp = await createTestApp('pglite', {
      now: () => new Date(clock),
      env: {
        MARKET_PROVIDER: 'alpaca',
        ALPACA_KEY_ID: FAKE_KEY_ID,
        ALPACA_SECRET_KEY: FAKE_SECRET,
        ALPACA_DATA_URL: fake.dataUrl,
        ALPACA_STREAM_URL: fake.streamUrl,
      },
    });
    try {
      const { data, errors } = await graphql<{
        marketData: { symbol: string; price: number; name: string };
        candles: { time: number; close: number }[];
        technicalAnalysis: { indicators: { sma50: number } };
      }>(
        testApp.app,
        `
          {
            marketData(symbol: "MSFT") {
              symbol
              name
              price
            }
            candles(symbol: "MSFT", interval: "1D", limit: 60) {
              time
              close
            }
            technicalAnalysis(symbol: "MSFT") {
              indicators {
                sma50
              }
            }
          }
        `,
      );
      expect(errors).toBeUndefined();
      expect(data?.marketData).toEqual({
        symbol: 'MSFT',
        name: 'Microsoft Corporation',
        price: market.getQuote('MSFT')!.price,
      });
      expect(data?.candles.map((c) => c.close)).toEqual(market.getCandles('MSFT', '1D', 60).map((c) => c.close));
      const closes = market.getCandles('MSFT', '1D', 50).map((c) => c.close);
      expect(data?.technicalAnalysis.indicators.sma50).toBeCloseTo(closes.reduce((a, b) => a + b, 0) / 50, 8);
    } finally {
      await testApp.close();
    }
  });
});

describe('MARKET_PROVIDER configuration', () => {
  it('defaults to the simulator and needs both Alpaca keys for alpaca, never echoing the secret', () => {
    expect(loadConfig({}).marketProvider).toEqual({ kind: 'simulator' });
    expect(
      loadConfig({ MARKET_PROVIDER: 'alpaca', ALPACA_KEY_ID: 'k', ALPACA_SECRET_KEY: 's' }).marketProvider,
    ).toEqual({
      kind: 'alpaca',
      keyId: 'k',
      secretKey: 's',
      dataUrl: 'https://data.alpaca.markets',
      streamUrl: 'wss://stream.data.alpaca.markets/v2/iex',
    });
    expect(() => loadConfig({ MARKET_PROVIDER: 'alpaca', ALPACA_KEY_ID: 'k' })).toThrow(
      'Invalid ALPACA_SECRET_KEY: required when MARKET_PROVIDER is "alpaca"',
    );
    expect(() => loadConfig({ MARKET_PROVIDER: 'polygon' })).toThrow('Invalid MARKET_PROVIDER');
    expect(() => loadConfig({ ALPACA_STREAM_URL: 'http://x' })).toThrow('Invalid ALPACA_STREAM_URL');
  });
});
