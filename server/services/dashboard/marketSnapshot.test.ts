import { describe, expect, it } from 'vitest';
import { buildQuote } from '../../../src/domain/market/quote';
import { findInstrument } from '../../../src/domain/market/universe';
import { computeBreadth, computeIndices, realizedVolatility, type SymbolData } from './marketSnapshot';

const day = 86_400_000;

function symbolData(symbol: string, price: number, previousClose: number, highs: number[]): SymbolData {
  const instrument = findInstrument(symbol)!;
  const daily = highs.map((high, i) => ({
    time: i * day,
    open: high - 1,
    high,
    low: high - 2,
    close: high - 1,
    volume: 1,
  }));
  const quote = buildQuote({
    symbol,
    price,
    open: previousClose,
    high: price,
    low: price,
    previousClose,
    volume: 10,
    avgVolume: 10,
    sharesOutstanding: instrument.sharesOutstanding,
    timestamp: 0,
  });
  return {
    instrument,
    quote,
    daily: [...daily, { time: highs.length * day, open: price, high: price, low: price, close: price, volume: 10 }],
  };
}

describe('computed indices and breadth', () => {
  it('is 1000 at reference prices and moves with the price relatives', () => {
    const aapl = findInstrument('AAPL')!.referencePrice;
    const ko = findInstrument('KO')!.referencePrice;
    const [cap, equal] = computeIndices([symbolData('AAPL', aapl * 1.1, aapl, [1]), symbolData('KO', ko, ko, [1])]);
    expect(equal!.value).toBeCloseTo(1050, 2);
    expect(equal!.changePercent).toBeCloseTo(5, 4);
    expect(cap!.value).toBeGreaterThan(1000);
    expect(cap!.change).toBeCloseTo(cap!.value - 1000, 2);
  });

  it('counts advancing, declining and 52-week new highs and lows', () => {
    const breadth = computeBreadth([
      symbolData('AAPL', 250, 240, [245, 248]), // up, above every prior high
      symbolData('KO', 60, 61, [70, 75]), // down, below every prior low (68, 73)
      symbolData('MSFT', 429, 429, [430]), // unchanged, inside its range (428–430)
    ]);
    expect(breadth).toEqual({ advancing: 1, declining: 1, unchanged: 1, newHighs: 1, newLows: 1 });
  });
});

describe('realizedVolatility', () => {
  it('annualises the sample standard deviation of daily log returns', () => {
    const closes = [100, 101, 100, 101, 100];
    const r = Math.log(1.01);
    const mean = (r - r + r - r) / 4;
    const sd = Math.sqrt(((r - mean) ** 2 * 4) / 3);
    expect(realizedVolatility(closes)).toBeCloseTo(sd * Math.sqrt(252) * 100, 2);
    expect(realizedVolatility([100])).toBe(0);
  });
});
