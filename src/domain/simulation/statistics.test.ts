import { describe, expect, it } from 'vitest';
import { histogram, lowerTailMean, percentileOfSorted } from './statistics';

describe('percentileOfSorted', () => {
  it('interpolates linearly between the closest ranks (type 7)', () => {
    const values = [10, 20, 30, 40, 50];
    expect(percentileOfSorted(values, 0)).toBe(10);
    expect(percentileOfSorted(values, 100)).toBe(50);
    expect(percentileOfSorted(values, 50)).toBe(30);
    // h = 4 × 0.05 = 0.2 → 10 + 0.2 × 10
    expect(percentileOfSorted(values, 5)).toBeCloseTo(12, 12);
    // h = 4 × 0.95 = 3.8 → 40 + 0.8 × 10
    expect(percentileOfSorted(values, 95)).toBeCloseTo(48, 12);
    // An even count's median is the mean of the two middle values.
    expect(percentileOfSorted([1, 2, 3, 4], 50)).toBe(2.5);
  });

  it('is the value itself for one value, NaN for none', () => {
    expect(percentileOfSorted([7], 5)).toBe(7);
    expect(percentileOfSorted([], 50)).toBeNaN();
  });
});

describe('lowerTailMean', () => {
  it('averages the ⌈n × share⌉ smallest values, at least one', () => {
    const values = Array.from({ length: 20 }, (_, i) => i - 5); // −5 … 14
    expect(lowerTailMean(values, 0.05)).toBe(-5); // ⌈1⌉ = 1 value
    expect(lowerTailMean(values, 0.1)).toBe(-4.5); // 2 values: −5, −4
    expect(lowerTailMean(values, 0.12)).toBe(-4); // ⌈2.4⌉ = 3 values: −5, −4, −3
    expect(lowerTailMean([3], 0.05)).toBe(3);
    expect(lowerTailMean([], 0.05)).toBeNaN();
  });
});

describe('histogram', () => {
  it('counts values in equal bins from 0 to the largest, the largest in the last bin', () => {
    expect(histogram([0, 0.1, 0.25, 0.5, 1], 4)).toEqual({ width: 0.25, counts: [2, 1, 1, 1] });
  });

  it('puts all zeros in one bin of width 0', () => {
    expect(histogram([0, 0, 0], 10)).toEqual({ width: 0, counts: [3] });
  });
});
