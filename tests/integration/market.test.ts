import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMarket } from '../../server/services/market';
import { analyze } from '../../src/domain/indicators';
import type { Candle } from '../../src/domain/market/candle';
import { createTestApp, drivers, graphql, type TestApp } from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z'); // 11:00 ET, regular session
const SATURDAY_NOON = Date.parse('2026-11-21T17:00:00Z');

const QUOTE_FIELDS =
  'symbol name sector price volume timestamp bid ask change changePercent high low open previousClose marketCap avgVolume';

interface Quote {
  symbol: string;
  name: string;
  sector: string;
  price: number;
  bid: number;
  ask: number;
  timestamp: string;
  volume: number;
  changePercent: number;
}

type GraphQLCandle = Candle;

const TA_QUERY = `query TA($symbol: String!) { technicalAnalysis(symbol: $symbol) {
  symbol timestamp trend volatility volatilityLevel support resistance recommendation score
  signals { type strength description recommendation }
  indicators { rsi macd { macd signal histogram } sma20 sma50 sma200 ema12 ema26
    bollingerBands { upper middle lower } atr adx plusDI minusDI volume volumeSma20 } } }`;

describe.each(drivers)('market data resolvers (%s)', (driver) => {
  let testApp: TestApp;
  let market: SimulatedMarket;
  let clock = WEDNESDAY_1100;
  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'market-test', now: clock });
    testApp = await createTestApp(driver, { market, now: () => new Date(clock) });
  });
  afterAll(() => testApp.close());

  const tick = (seconds = 1) => {
    clock += seconds * 1000;
    return market.tick(clock);
  };
  const query = <T>(source: string, variables?: Record<string, unknown>) =>
    graphql<T>(testApp.app, source, { variables });

  it('answers marketData with the live quote, its name and sector, for any letter case', async () => {
    tick();
    const live = market.getQuote('AAPL')!;
    const { data, errors } = await query<{ marketData: Quote }>(`{ marketData(symbol: "aapl") { ${QUOTE_FIELDS} } }`);
    expect(errors).toBeUndefined();
    expect(data?.marketData).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      sector: 'Information Technology',
      price: live.price,
      bid: live.bid,
      ask: live.ask,
      volume: live.volume,
      marketCap: live.marketCap,
      timestamp: new Date(clock).toISOString(),
    });
    expect(data?.marketData.bid).toBeLessThanOrEqual(data!.marketData.price);
    expect(data?.marketData.ask).toBeGreaterThan(data!.marketData.price);
  });

  it('answers null for an unknown symbol and BAD_USER_INPUT for a malformed one', async () => {
    expect((await query<{ marketData: Quote | null }>('{ marketData(symbol: "ZZZZ") { symbol } }')).data).toEqual({
      marketData: null,
    });
    const bad = await query('{ marketData(symbol: "<script>") { symbol } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toMatch(/Invalid symbol/);
  });

  it('answers marketDataBatch in the order asked, leaving unknown symbols out, at most 100 symbols', async () => {
    const { data } = await query<{ marketDataBatch: Quote[] }>(
      '{ marketDataBatch(symbols: ["MSFT", "NOPE", "aapl", "SPY"]) { symbol price } }',
    );
    expect(data?.marketDataBatch.map((q) => q.symbol)).toEqual(['MSFT', 'AAPL', 'SPY']);
    expect(data?.marketDataBatch[0]?.price).toBe(market.getQuote('MSFT')!.price);

    const tooMany = Array.from({ length: 101 }, (_, i) => `S${i}`);
    const many = await query('query B($s: [String!]!) { marketDataBatch(symbols: $s) { symbol } }', { s: tooMany });
    expect(many.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const none = await query('{ marketDataBatch(symbols: []) { symbol } }');
    expect(none.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers candles of every interval, oldest first, in epoch seconds, the newest closing at the live price', async () => {
    for (const interval of ['1m', '5m', '15m', '1h', '1D']) {
      const { data, errors } = await query<{ candles: GraphQLCandle[] }>(
        `{ candles(symbol: "NVDA", interval: "${interval}", limit: 50) { time open high low close volume } }`,
      );
      expect(errors, interval).toBeUndefined();
      const candles = data!.candles;
      expect(candles, interval).toHaveLength(50);
      const provider = market.getCandles('NVDA', interval === '1D' ? '1D' : (interval as '1m'), 50);
      expect(candles.map((c) => c.time * 1000)).toEqual(provider.map((c) => c.time));
      expect(candles.at(-1)!.close).toBe(market.getQuote('NVDA')!.price);
      for (let i = 1; i < candles.length; i++) expect(candles[i]!.time).toBeGreaterThan(candles[i - 1]!.time);
    }
    const daily = await query<{ candles: GraphQLCandle[] }>('{ candles(symbol: "NVDA", interval: "1D") { time } }');
    expect(daily.data?.candles).toHaveLength(300);
  });

  it('refuses an unknown interval, a bad limit and an unknown symbol with clear errors', async () => {
    const interval = await query('{ candles(symbol: "NVDA", interval: "2w") { time } }');
    expect(interval.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(interval.errors?.[0]?.message).toMatch(/Unknown interval/);
    for (const limit of [0, 2001]) {
      const result = await query(`{ candles(symbol: "NVDA", interval: "1D", limit: ${limit}) { time } }`);
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const unknown = await query('{ candles(symbol: "ZZZZ", interval: "1D") { time } }');
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Symbol ZZZZ not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('computes technicalAnalysis over exactly the daily candles candles(symbol, "1D") returns, latest included', async () => {
    for (let round = 0; round < 2; round++) {
      if (round === 1) tick(600); // the forming daily bar moves: the analysis must follow it
      const candles = await query<{ candles: GraphQLCandle[] }>(
        '{ candles(symbol: "MSFT", interval: "1D") { time open high low close volume } }',
      );
      const { data, errors } = await query<{ technicalAnalysis: Record<string, unknown> }>(TA_QUERY, {
        symbol: 'msft',
      });
      expect(errors).toBeUndefined();
      const expected = analyze(candles.data!.candles, clock);
      expect(data?.technicalAnalysis).toEqual({
        ...expected,
        symbol: 'MSFT',
        timestamp: new Date(clock).toISOString(),
      });
      expect(expected.indicators.rsi).not.toBeNull();
      expect(expected.indicators.volume).toBe(candles.data!.candles.at(-1)!.volume);
    }
    const unknown = await query<{ technicalAnalysis: null }>('{ technicalAnalysis(symbol: "ZZZZ") { symbol } }');
    expect(unknown.data?.technicalAnalysis).toBeNull();
  });

  it('searches instruments by symbol first, then by name', async () => {
    const { data } = await query<{ instruments: { symbol: string; name: string; exchange: string; type: string }[] }>(
      '{ instruments(search: "app", limit: 5) { symbol name sector exchange type } }',
    );
    expect(data?.instruments[0]).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      type: 'stock',
    });
    const all = await query<{ instruments: unknown[] }>('{ instruments(limit: 100) { symbol } }');
    expect(all.data!.instruments.length).toBeGreaterThanOrEqual(50);
    const bad = await query('{ instruments(limit: 0) { symbol } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('reports the regular market OPEN during the session', async () => {
    const { data } = await query<{ tradingStatus: { marketStatus: string } }>('{ tradingStatus { marketStatus } }');
    expect(data?.tradingStatus.marketStatus).toBe('OPEN');
  });
});

describe('market hours in tradingStatus', () => {
  const status = async (env: Record<string, string>) => {
    const testApp = await createTestApp('pglite', { env, now: () => new Date(SATURDAY_NOON) });
    try {
      const { data } = await graphql<{ tradingStatus: { marketStatus: string; nextOpen: string; nextClose: string } }>(
        testApp.app,
        '{ tradingStatus { marketStatus nextOpen nextClose } }',
      );
      return data!.tradingStatus;
    } finally {
      await testApp.close();
    }
  };

  it('is OPEN on a Saturday with MARKET_HOURS=always and CLOSED with regular hours; next open/close from the calendar', async () => {
    const always = await status({ MARKET_HOURS: 'always' });
    const regular = await status({ MARKET_HOURS: 'regular' });
    expect(always.marketStatus).toBe('OPEN');
    expect(regular.marketStatus).toBe('CLOSED');
    expect(regular.nextOpen).toBe('2026-11-23T14:30:00.000Z');
    expect(always.nextOpen).toBe(regular.nextOpen);
    expect(always.nextClose).toBe(regular.nextClose);
  }, 120_000);
});
