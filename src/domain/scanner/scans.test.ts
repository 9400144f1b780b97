import { describe, expect, it } from 'vitest';
import { compactShares, runScan } from './scans';
import { SCAN_TYPES, type ScanType } from './scanTypes';
import type { ScanSnapshot } from './symbolState';

/** A symbol that matches no scan but MOST_ACTIVE (it traded) and the direction of its change. */
function snapshot(symbol: string, overrides: Partial<ScanSnapshot> = {}): ScanSnapshot {
  return {
    symbol,
    name: `${symbol} Inc.`,
    price: 100,
    open: 100,
    high: 101,
    low: 99,
    volume: 1_000_000,
    previousClose: 100,
    change: 0,
    changePercent: 0,
    gapPercent: 0,
    rsi14: 50,
    macd: 0.5,
    macdSignal: 0.4,
    macdHistogram: 0.1,
    macdCross: { side: 1, age: 7 },
    sma20: 100,
    sma50: 101,
    sma200: 95,
    smaCross: { side: 1, age: 40 },
    averageVolume20: 1_000_000,
    relativeVolume: 1,
    yearHigh: 120,
    yearLow: 80,
    breakoutHigh: 105,
    ...overrides,
  };
}

/** For each scan type, the symbol built to match it (and only the ones it names). */
const universe: ScanSnapshot[] = [
  snapshot('FLAT'),
  snapshot('UP', { price: 104, change: 4, changePercent: 4, high: 104, volume: 3_000_000, relativeVolume: 3 }),
  snapshot('DOWN', { price: 95, change: -5, changePercent: -5, low: 95 }),
  snapshot('HIGH', { price: 119, change: 1, changePercent: 1, high: 121.2, breakoutHigh: 118 }),
  snapshot('LOW', { price: 80, change: -1, changePercent: -1, low: 79.2 }),
  snapshot('OVERSOLD', { rsi14: 27.5 }),
  snapshot('OVERBOUGHT', { rsi14: 74.25 }),
  snapshot('MACDUP', { macd: 0.2, macdSignal: 0.1, macdHistogram: 0.1, macdCross: { side: 1, age: 0 } }),
  snapshot('MACDDOWN', { macd: -0.3, macdSignal: -0.1, macdHistogram: -0.2, macdCross: { side: -1, age: 0 } }),
  snapshot('GOLDEN', { sma50: 100.5, sma200: 100, smaCross: { side: 1, age: 2 } }),
  snapshot('DEATH', { sma50: 99, sma200: 100, smaCross: { side: -1, age: 0 } }),
  snapshot('OLDCROSS', { sma50: 99, sma200: 100, smaCross: { side: -1, age: 5 } }),
  snapshot('GAPUP', { open: 103, gapPercent: 3 }),
  snapshot('GAPDOWN', { open: 97.5, gapPercent: -2.5 }),
  snapshot('NOVOL', { volume: 0, relativeVolume: 0 }),
  snapshot('YOUNG', { rsi14: Number.NaN, yearHigh: Number.NaN, yearLow: Number.NaN, breakoutHigh: Number.NaN }),
];

const expected: Record<ScanType, { symbols: string[]; criterion: string }> = {
  TOP_GAINERS: { symbols: ['UP', 'HIGH'], criterion: 'Up 4.00% today (+$4.00)' },
  TOP_LOSERS: { symbols: ['DOWN', 'LOW'], criterion: 'Down 5.00% today (−$5.00)' },
  MOST_ACTIVE: { symbols: ['UP'], criterion: '3.0M shares traded today' },
  UNUSUAL_VOLUME: { symbols: ['UP'], criterion: 'Volume 3.0× its 20-day average (3.0M vs 1.0M)' },
  NEW_HIGHS: { symbols: ['HIGH'], criterion: 'New 52-week high: $121.20 above the previous $120.00' },
  NEW_LOWS: { symbols: ['LOW'], criterion: 'New 52-week low: $79.20 below the previous $80.00' },
  RSI_OVERSOLD: { symbols: ['OVERSOLD'], criterion: 'RSI(14) 27.5 below 30' },
  RSI_OVERBOUGHT: { symbols: ['OVERBOUGHT'], criterion: 'RSI(14) 74.3 above 70' },
  MACD_BULLISH_CROSS: { symbols: ['MACDUP'], criterion: 'MACD 0.200 crossed above its signal 0.100 today' },
  MACD_BEARISH_CROSS: { symbols: ['MACDDOWN'], criterion: 'MACD -0.300 crossed below its signal -0.100 today' },
  GOLDEN_CROSS: { symbols: ['GOLDEN'], criterion: 'SMA(50) 100.50 crossed above SMA(200) 100.00 2 sessions ago' },
  DEATH_CROSS: { symbols: ['DEATH'], criterion: 'SMA(50) 99.00 crossed below SMA(200) 100.00 today' },
  BREAKOUT: { symbols: ['HIGH'], criterion: 'Price $119.00 broke above the 20-day high $118.00 (+0.85%)' },
  GAP_UP: { symbols: ['GAPUP'], criterion: 'Opened 3.00% above the previous close ($100.00 → $103.00)' },
  GAP_DOWN: { symbols: ['GAPDOWN'], criterion: 'Opened 2.50% below the previous close ($100.00 → $97.50)' },
};

describe('runScan: every scan type on fixed data', () => {
  it.each(SCAN_TYPES)('%s', (type) => {
    const hits = runScan(universe, type, 50);
    const { symbols, criterion } = expected[type];
    if (type === 'MOST_ACTIVE') {
      expect(hits[0]!.symbol).toBe('UP');
      expect(hits.map((hit) => hit.symbol)).not.toContain('NOVOL');
      expect(hits).toHaveLength(universe.length - 1);
    } else expect(hits.map((hit) => hit.symbol)).toEqual(symbols);
    expect(hits[0]!.criterion).toBe(criterion);
    expect(hits.every((hit) => hit.score >= 0)).toBe(true);
    for (const hit of hits) for (const value of hit.indicators) expect(Number.isFinite(value.value)).toBe(true);
  });

  it('orders by score, then symbol, and returns at most `limit` hits', () => {
    const hits = runScan(universe, 'MOST_ACTIVE', 3);
    expect(hits.map((hit) => hit.symbol)).toEqual(['UP', 'DEATH', 'DOWN']);
    expect(hits[0]).toMatchObject({
      name: 'UP Inc.',
      price: 104,
      change: 4,
      changePercent: 4,
      volume: 3_000_000,
      score: 3_000_000,
    });
    expect(hits[0]!.indicators).toEqual([
      { name: 'Volume', value: 3_000_000 },
      { name: 'Avg volume (20d)', value: 1_000_000 },
      { name: 'Relative volume', value: 3 },
    ]);
  });

  it('the values behind an RSI hit and a golden cross', () => {
    expect(runScan(universe, 'RSI_OVERSOLD', 1)[0]).toMatchObject({
      score: 2.5,
      indicators: [
        { name: 'RSI(14)', value: 27.5 },
        { name: 'SMA(20)', value: 100 },
      ],
    });
    // A cross 2 sessions ago: the 0.5 % gap plus 3 points of recency.
    expect(runScan(universe, 'GOLDEN_CROSS', 1)[0]!.score).toBe(3.5);
  });

  it('compactShares', () => {
    expect([999, 45_600, 12_345_678, 2.5e9].map(compactShares)).toEqual(['999', '45.6K', '12.3M', '2.5B']);
  });
});
