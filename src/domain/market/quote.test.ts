import { describe, expect, it } from 'vitest';
import { bidAsk, buildQuote, spreadCents } from './quote';
import { UNIVERSE } from './universe';

describe('quotes', () => {
  it('quotes a positive spread of whole cents around the price for every instrument', () => {
    for (const instrument of UNIVERSE) {
      const price = instrument.referencePrice;
      const { bid, ask } = bidAsk(price, instrument.avgDailyVolume);
      expect(ask - bid).toBeGreaterThan(0);
      expect(bid).toBeLessThanOrEqual(price);
      expect(ask).toBeGreaterThan(price);
      expect(Math.round(bid * 100)).toBeCloseTo(bid * 100, 9);
      expect(Math.round(ask * 100)).toBeCloseTo(ask * 100, 9);
    }
  });

  it('is tighter for liquid names (in basis points) than for thin ones', () => {
    expect(spreadCents(230, 55e6)).toBeLessThanOrEqual(2); // AAPL-like: a cent or two
    expect(spreadCents(1, 1000)).toBeGreaterThanOrEqual(1);
    const liquid = spreadCents(100, 50e6) / 100;
    const thin = spreadCents(100, 50e3) / 100;
    expect(thin).toBeGreaterThan(liquid);
  });

  it('derives change, percentage and market capitalisation', () => {
    const quote = buildQuote({
      symbol: 'X',
      price: 101.5,
      open: 100.2,
      high: 102,
      low: 99.9,
      previousClose: 100,
      volume: 1234,
      avgVolume: 5000,
      sharesOutstanding: 1_000_000,
      timestamp: 1,
    });
    expect(quote.change).toBe(1.5);
    expect(quote.changePercent).toBe(1.5);
    expect(quote.marketCap).toBe(101_500_000);
  });
});
