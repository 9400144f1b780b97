import { describe, expect, it } from 'vitest';
import { findInstrument, UNIVERSE } from './universe';

describe('universe', () => {
  it('holds at least 50 instruments with unique symbols, including the index ETFs', () => {
    expect(UNIVERSE.length).toBeGreaterThanOrEqual(50);
    expect(new Set(UNIVERSE.map((i) => i.symbol)).size).toBe(UNIVERSE.length);
    for (const symbol of [
      'AAPL',
      'MSFT',
      'NVDA',
      'AMZN',
      'GOOGL',
      'META',
      'TSLA',
      'JPM',
      'V',
      'SPY',
      'QQQ',
      'DIA',
      'IWM',
    ]) {
      expect(findInstrument(symbol), symbol).toBeDefined();
    }
    expect(UNIVERSE.filter((i) => i.type === 'etf').every((i) => i.tracks)).toBe(true);
  });

  it('has plausible figures', () => {
    for (const i of UNIVERSE) {
      expect(i.referencePrice, i.symbol).toBeGreaterThan(1);
      expect(Number.isInteger(i.avgDailyVolume) && i.avgDailyVolume > 0, i.symbol).toBe(true);
      expect(i.sharesOutstanding, i.symbol).toBeGreaterThan(1e6);
      expect(i.volatility, i.symbol).toBeGreaterThan(0.05);
      expect(i.volatility, i.symbol).toBeLessThan(1);
      expect(i.beta, i.symbol).toBeGreaterThan(0);
    }
    const aapl = findInstrument('aapl')!;
    expect(aapl.referencePrice * aapl.sharesOutstanding).toBeGreaterThan(1e12); // a trillion-dollar company
    expect(findInstrument('NOPE')).toBeUndefined();
  });
});
