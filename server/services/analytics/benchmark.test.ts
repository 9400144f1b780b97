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

  it('is Σ close × shares of the stocks when every stock has every bar (the cap-weighted index), ETFs excluded', async () => {
    const full: Record<string, Candle[]> = {
      AAA: [bar(DAY, 10), bar(DAY + 1, 11), bar(DAY + 2, 9)],
      BBB: [bar(DAY, 50), bar(DAY + 1, 40), bar(DAY + 2, 60)],
      ETF: [bar(DAY, 1), bar(DAY + 1, 1), bar(DAY + 2, 5)],
    };
    const closes = await benchmarkCloses(
      { getCandles: (symbol: string) => full[symbol]! },
      instruments,
      INDEX_BENCHMARK,
      10,
    );
    expect([...closes].map(([day, level]) => [day, +level.toFixed(9)])).toEqual([
      [DAY, 100 + 100],
      [DAY + 1, 110 + 80],
      [DAY + 2, 90 + 120],
    ]);
  });

  it('counts a stock without a bar at its last close, and lets a stock join without moving the index', async () => {
    const reads: string[] = [];
    const counting = {
      getCandles: (symbol: string, interval: string, limit: number) => {
        reads.push(symbol);
        return market.getCandles(symbol, interval, limit);
      },
    };
    const closes = await benchmarkCloses(counting, instruments, INDEX_BENCHMARK, 10);
    expect(reads).toEqual(['AAA', 'BBB']); // each stock's bars read once, the chain-linking over them included
    // DAY: AAA alone, 100. DAY+1: AAA 10 → 11 (BBB joins): × 1.1 = 110. DAY+2: AAA has no bar and stays at 11,
    // BBB 50 → 40: × (110 + 80) / (110 + 100). DAY+3: AAA 11 → 12, BBB 40 → 60: × (120 + 120) / (110 + 80).
    const expected = [100, 110, (110 * 190) / 210, (((110 * 190) / 210) * 240) / 190];
    const levels = [...closes].sort((a, b) => a[0] - b[0]);
    expect(levels.map(([day]) => day)).toEqual([DAY, DAY + 1, DAY + 2, DAY + 3]);
    levels.forEach(([, level], i) => expect(level).toBeCloseTo(expected[i]!, 9));
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
