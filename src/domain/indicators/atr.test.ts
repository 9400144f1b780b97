import { ATR } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { atr } from './atr';
import { firstDefined, maxAbsDiff, randomWalk } from './fixtures';

describe('atr (Wilder)', () => {
  it('matches Achelis, Technical Analysis from A to Z, p. 70 (Tulip tests/atoz.txt "atr 4")', () => {
    // https://github.com/TulipCharts/tulipindicators/blob/master/tests/atoz.txt (book values, four decimals)
    const high = [
      12.3125, 12.25, 12.3125, 12.2812, 12.375, 12.375, 12.3125, 12.375, 12.5, 12.5938, 12.3438, 12.4062, 12.375,
      12.4062, 12.375, 12.2812, 12.25, 12.0625, 12.3125, 12.3125,
    ];
    const low = [
      12.1875, 12.1562, 12.1875, 12.125, 12.125, 12.2812, 12.1875, 12.1875, 12.2812, 12.3125, 12.2812, 12.2812, 12.2812,
      12.2812, 11.9688, 12.0938, 12, 11.6562, 12.1562, 12.125,
    ];
    const close = [
      12.25, 12.1875, 12.25, 12.1875, 12.375, 12.3125, 12.2188, 12.3438, 12.5, 12.375, 12.3438, 12.3438, 12.2812,
      12.375, 12.0938, 12.1562, 12.0625, 11.9688, 12.1875, 12.1562,
    ];
    const expected = [
      0.125, 0.1563, 0.1406, 0.1367, 0.1494, 0.1668, 0.1954, 0.17, 0.1587, 0.1425, 0.1381, 0.2052, 0.2007, 0.213,
      0.2614, 0.2819, 0.2583,
    ];
    const out = atr(high, low, close, 4);
    expect(firstDefined(out)).toBe(3);
    expect(maxAbsDiff(out, expected, 3)).toBeLessThan(1e-4);
  });

  it('matches Tulip tests/untest.txt "atr 5" (three decimals)', () => {
    const high = [82.15, 81.89, 83.03, 83.3, 83.85, 83.9, 83.33, 84.3, 84.84, 85.0, 85.9, 86.58, 86.98, 88.0, 87.87];
    const low = [
      81.29, 80.64, 81.31, 82.65, 83.07, 83.11, 82.49, 82.3, 84.15, 84.11, 84.03, 85.39, 85.76, 87.17, 87.01,
    ];
    const close = [
      81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29,
    ];
    const expected = [1.116, 1.051, 1.009, 1.207, 1.136, 1.086, 1.243, 1.233, 1.23, 1.206, 1.137];
    expect(maxAbsDiff(atr(high, low, close, 5), expected, 4)).toBeLessThanOrEqual(0.0005 + 1e-9);
  });

  it('converges to technicalindicators (which starts one bar later, without bar 0) on a 500-point random walk', () => {
    const { high, low, close } = randomWalk(500, 15);
    const ours = atr(high, low, close, 14);
    const theirs = ATR.calculate({ high, low, close, period: 14 });
    expect(theirs.length).toBe(500 - 14);
    // Same smoothing, different first value: the gap shrinks by 13/14 a bar; compare once it is negligible.
    expect(maxAbsDiff(ours.subarray(300), theirs.slice(300 - 14))).toBeLessThan(1e-6);
  });
});
