import { describe, expect, it } from 'vitest';
import { easternTime } from '../../../src/domain/market/calendar';
import type { Candle } from '../../../src/domain/market/candle';
import type { Instrument } from '../../../src/domain/market/universe';
import { benchmarkCloses, benchmarkName, INDEX_BENCHMARK } from './benchmark';

const DAY = 20_400;
const bar = (day: number, close: number): Candle => ({
  time: easternTime(day, 0),
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});
const instrument = (symbol: string, type: 'stock' | 'etf', sharesOutstanding: number) =>
  ({ symbol, type, sharesOutstanding, sector: 'X' }) as Instrument;

describe('benchmark closes', () => {
  const instruments = new Map([
    ['AAA', instrument('AAA', 'stock', 10)],
    ['BBB', instrument('BBB', 'stock', 2)],
    ['ETF', instrument('ETF', 'etf', 1000)],
  ]);
  // BBB has no bar on the first day and one on a day AAA lacks: the slots are found by time.
  const bars: Record<string, Candle[]> = {
    AAA: [bar(DAY, 10), bar(DAY + 1, 11), bar(DAY + 3, 12)],
    BBB: [bar(DAY + 1, 50), bar(DAY + 2, 40), bar(DAY + 3, 60)],
    ETF: [bar(DAY, 1), bar(DAY + 1, 1)],
  };
  const market = { getCandles: (symbol: string, _interval: string, limit: number) => bars[symbol]!.slice(-limit) };

  it('sums close × shares over the stocks by day (the cap-weighted index), ETFs excluded', async () => {
    const closes = await benchmarkCloses(market, instruments, INDEX_BENCHMARK, 10);
    expect([...closes].sort((a, b) => a[0] - b[0])).toEqual([
      [DAY, 100],
      [DAY + 1, 110 + 100],
      [DAY + 2, 80],
      [DAY + 3, 120 + 120],
    ]);
  });

  it('reads a symbol’s own closes, and refuses an unknown benchmark naming the field', async () => {
    expect([...(await benchmarkCloses(market, instruments, 'BBB', 2))]).toEqual([
      [DAY + 2, 40],
      [DAY + 3, 60],
    ]);
    expect(benchmarkName(' bbb ', instruments)).toBe('BBB');
    expect(benchmarkName(undefined, instruments)).toBe(INDEX_BENCHMARK);
    expect(() => benchmarkName('ZZZ', instruments)).toThrow(/^benchmark: unknown benchmark "ZZZ"/);
  });
});
