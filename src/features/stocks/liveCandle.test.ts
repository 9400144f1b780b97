import { describe, expect, it } from 'vitest';
import { withLivePrice } from './liveCandle';

const bars = [
  { time: 1000, open: 10, high: 11, low: 9, close: 10.5, volume: 100 },
  { time: 2000, open: 10.5, high: 11, low: 10, close: 10.8, volume: 50 },
];

describe('withLivePrice', () => {
  it('moves the newest bar to the quote and widens its range', () => {
    const result = withLivePrice(bars, { price: 11.5, timestamp: new Date(2_030_000).toISOString() });
    expect(result.at(-1)).toEqual({ time: 2000, open: 10.5, high: 11.5, low: 10, close: 11.5, volume: 50 });
    expect(result[0]).toBe(bars[0]);
  });

  it('ignores a quote older than the newest bar, and no quote at all', () => {
    expect(withLivePrice(bars, { price: 1, timestamp: new Date(1_500_000).toISOString() })).toBe(bars);
    expect(withLivePrice(bars, null)).toBe(bars);
  });
});
