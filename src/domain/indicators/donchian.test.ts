import { describe, expect, it } from 'vitest';
import { donchian } from './donchian';
import { randomWalk } from './fixtures';

describe('donchian', () => {
  it('gives the highest high and lowest low of the last period bars, from index period - 1', () => {
    const high = [10, 12, 11, 15, 13, 9, 14];
    const low = [8, 9, 7, 12, 10, 6, 11];
    const { upper, lower, middle } = donchian(high, low, 3);
    expect(Array.from(upper)).toEqual([NaN, NaN, 12, 15, 15, 15, 14]);
    expect(Array.from(lower)).toEqual([NaN, NaN, 7, 7, 7, 6, 6]);
    expect(middle[3]).toBe(11);
  });

  it('matches a naive window scan on a random walk', () => {
    const { high, low } = randomWalk(500, 7);
    for (const period of [1, 2, 20, 55]) {
      const { upper, lower } = donchian(high, low, period);
      for (let i = period - 1; i < high.length; i++) {
        expect(upper[i]).toBe(Math.max(...high.slice(i - period + 1, i + 1)));
        expect(lower[i]).toBe(Math.min(...low.slice(i - period + 1, i + 1)));
      }
    }
  });

  it('rejects a bad period and mismatched lengths', () => {
    expect(() => donchian([1], [1], 0)).toThrow(RangeError);
    expect(() => donchian([1, 2], [1], 1)).toThrow(RangeError);
  });
});
