import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMarket } from '../../server/services/market';
import { AlpacaMarketData } from '../../server/services/market/alpaca/provider';
import { createScannerService } from '../../server/services/scanner';
import { SCAN_TYPES } from '../../src/domain/scanner/scanTypes';
import { FAKE_KEY_ID, FAKE_SECRET, startFakeAlpaca } from '../fixtures/alpacaServer';
import { until } from '../fixtures/waiting';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
const FIELDS = 'symbol name price change changePercent volume score criterion indicators { name value }';
const SCAN = `query Scan($scanType: ScanType!, $limit: Int) { marketScanner(scanType: $scanType, limit: $limit) { ${FIELDS} } }`;
const BATCH = `query Batch($scanTypes: [ScanType!]!, $limit: Int) {
  marketScannerBatch(scanTypes: $scanTypes, limit: $limit) { scanType results { ${FIELDS} } } }`;
const ACTIVITY = `query Activity($limit: Int, $scanType: ScanType, $withHitsOnly: Boolean) {
  scanActivity(limit: $limit, scanType: $scanType, withHitsOnly: $withHitsOnly) { id scanType at durationMs hits topSymbols source } }`;

interface Hit {
  symbol: string;
  price: number;
  changePercent: number;
  score: number;
  criterion: string;
  indicators: { name: string; value: number }[];
}
interface Activity {
  id: string;
  scanType: string;
  hits: number;
  durationMs: number;
  topSymbols: string[];
  source: string;
}

describe.each(drivers)('market scanner (%s)', (driver) => {
  let test: TestApp;
  let market: SimulatedMarket;
  let clock = WEDNESDAY_1100;

  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'scanner-test', now: WEDNESDAY_1100 });
    test = await createTestApp(driver, { market, now: () => new Date(clock) });
  });
  afterAll(async () => test.close());

  const scan = (variables: Record<string, unknown>, token?: string) =>
    graphql<{ marketScanner: Hit[] }>(test.app, SCAN, { variables, ...(token && { token }) });

  it('finds the top gainers of the live quotes, strongest first, and follows the next tick', async () => {
    const { data, errors } = await scan({ scanType: 'TOP_GAINERS', limit: 5 });
    expect(errors).toBeUndefined();
    const hits = data!.marketScanner;
    const quotes = market.getQuotes(market.getInstruments().map((i) => i.symbol));
    const gainers = quotes.filter((q) => q.changePercent > 0).sort((a, b) => b.changePercent - a.changePercent);
    expect(hits.map((hit) => hit.symbol)).toEqual(gainers.slice(0, 5).map((q) => q.symbol));
    expect(hits[0]!.criterion).toBe(
      `Up ${gainers[0]!.changePercent.toFixed(2)}% today (+$${gainers[0]!.change.toFixed(2)})`,
    );
    expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));

    clock += 60_000;
    market.tick(clock);
    const after = await scan({ scanType: 'MOST_ACTIVE', limit: 50 });
    for (const hit of after.data!.marketScanner) expect(hit.price).toBe(market.getQuote(hit.symbol)!.price);
  });

  it('runs every scan type at once with its indicator values; RSI hits really are below 30', async () => {
    const { data, errors } = await graphql<{ marketScannerBatch: { scanType: string; results: Hit[] }[] }>(
      test.app,
      BATCH,
      { variables: { scanTypes: [...SCAN_TYPES] } },
    );
    expect(errors).toBeUndefined();
    const batch = data!.marketScannerBatch;
    expect(batch.map((entry) => entry.scanType)).toEqual([...SCAN_TYPES]);
    for (const entry of batch) expect(entry.results.length).toBeLessThanOrEqual(20);
    expect(batch.find((entry) => entry.scanType === 'MOST_ACTIVE')!.results).toHaveLength(20);
    for (const hit of batch.find((entry) => entry.scanType === 'RSI_OVERSOLD')!.results)
      expect(hit.indicators.find((value) => value.name === 'RSI(14)')!.value).toBeLessThan(30);
  });

  it('refuses bad input with an error naming the field', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [SCAN, { scanType: 'SIDEWAYS' }, /scanType/],
      [SCAN, { scanType: 'TOP_GAINERS', limit: 0 }, /limit must be an integer from 1 to 50/],
      [SCAN, { scanType: 'TOP_GAINERS', limit: 51 }, /limit must be an integer from 1 to 50/],
      [BATCH, { scanTypes: [] }, /at least one scan type/],
      [BATCH, { scanTypes: ['GAP_UP', 'GAP_UP'] }, /once/],
      [BATCH, { scanTypes: [...SCAN_TYPES, 'GAP_UP'] }, /At most 15 scan types/],
      [BATCH, { scanTypes: ['GAP_UP'], limit: 21 }, /limit must be an integer from 1 to 20/],
      [ACTIVITY, { limit: 501 }, /limit must be an integer from 1 to 500/],
    ];
    for (const [query, variables, message] of cases) {
      const { data, errors } = await graphql(test.app, query, { variables });
      expect(data ?? null).toBeNull();
      expect(errors?.[0]?.message).toMatch(message);
    }
    const field = await scan({ scanType: 'TOP_GAINERS', limit: 51 });
    expect(field.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'limit' } });
  });

  it('logs each scan newest first: who asked, hits and duration; filters by type and hits', async () => {
    const other = await createUserWithSession(test.db);
    await scan({ scanType: 'TOP_LOSERS', limit: 3 }, other.token);
    const { data, errors } = await graphql<{ scanActivity: Activity[] }>(test.app, ACTIVITY, {
      variables: { limit: 500 },
    });
    expect(errors).toBeUndefined();
    const log = data!.scanActivity;
    expect(log[0]).toMatchObject({ scanType: 'TOP_LOSERS', source: 'OTHER_USER' });
    expect(log[0]!.hits).toBeLessThanOrEqual(3);
    expect(log[0]!.topSymbols).toHaveLength(log[0]!.hits);
    expect(log.map((entry) => Number(entry.id))).toEqual(
      [...log.map((entry) => Number(entry.id))].sort((a, b) => b - a),
    );
    expect(log.filter((entry) => entry.scanType === 'TOP_GAINERS')[0]!.source).toBe('YOU');
    expect(log.every((entry) => entry.durationMs >= 0)).toBe(true);
    // the first scan, the next one and the 15 of the batch, then the other user's
    expect(log).toHaveLength(18);

    const mostActive = await graphql<{ scanActivity: Activity[] }>(test.app, ACTIVITY, {
      variables: { scanType: 'MOST_ACTIVE' },
    });
    expect(mostActive.data!.scanActivity.map((entry) => entry.scanType)).toEqual(['MOST_ACTIVE', 'MOST_ACTIVE']);
    const withHits = await graphql<{ scanActivity: Activity[] }>(test.app, ACTIVITY, {
      variables: { withHitsOnly: true, limit: 500 },
    });
    expect(withHits.data!.scanActivity.length).toBeGreaterThan(0);
    expect(withHits.data!.scanActivity.every((entry) => entry.hits > 0)).toBe(true);
  });
});

describe('market scanner over Alpaca market data (a local server speaking its protocol)', () => {
  it('finds what it finds over the simulator the data comes from, and follows the stream', async () => {
    let clock = WEDNESDAY_1100;
    const market = new SimulatedMarket({ seed: 'scanner-alpaca', now: clock });
    const fake = await startFakeAlpaca(market, { pageSize: 1000 });
    const alpaca = new AlpacaMarketData({
      keyId: FAKE_KEY_ID,
      secretKey: FAKE_SECRET,
      dataUrl: fake.dataUrl,
      streamUrl: fake.streamUrl,
      now: () => clock,
      snapshotTtlMs: 0,
    });
    const log = { error: () => undefined };
    const overAlpaca = createScannerService({ market: alpaca, now: () => new Date(clock), log });
    const direct = createScannerService({ market, now: () => new Date(clock), log });
    try {
      expect((await overAlpaca.scan(null, 'TOP_GAINERS', 50)).length).toBeGreaterThan(0);
      for (const scanType of ['TOP_GAINERS', 'RSI_OVERBOUGHT', 'NEW_LOWS', 'GAP_DOWN'])
        expect(await overAlpaca.scan(null, scanType, 50)).toEqual(await direct.scan(null, scanType, 50));
      const [top] = await overAlpaca.scan(null, 'MOST_ACTIVE', 1);
      await until(() => fake.subscribed().has(top!.symbol));
      clock += 60_000;
      fake.tick(clock);
      const moved = market.getQuote(top!.symbol)!;
      await expect
        .poll(
          async () => (await overAlpaca.scan(null, 'MOST_ACTIVE', 50)).find((hit) => hit.symbol === top!.symbol)!.price,
        )
        .toBe(moved.price);
    } finally {
      overAlpaca.close();
      direct.close();
      alpaca.stop();
      await fake.close();
    }
  });
});
