import { EMA, SMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { ema } from './ema';
import { firstDefined, maxAbsDiff, randomWalk } from './fixtures';
import { sma, volumeSma } from './sma';

// Tulip Indicators' generated test vectors, https://github.com/TulipCharts/tulipindicators/blob/master/tests/untest.txt
const TULIP_CLOSES = [
  81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29,
];
// Achelis, Technical Analysis from A to Z, pp. 207 and 209, as kept in Tulip's tests/atoz.txt.
const ATOZ_CLOSES = [25, 24.875, 24.781, 24.594, 24.5, 24.625, 25.219, 27.25];

// StockCharts ChartSchool, "Moving Averages - Simple and Exponential" worked example (cs-movavg.xls),
// https://school.stockcharts.com/doku.php?id=technical_indicators:moving_averages
const STOCKCHARTS_CLOSES = [
  22.2734, 22.194, 22.0847, 22.1741, 22.184, 22.1344, 22.2337, 22.4323, 22.2436, 22.2933, 22.1542, 22.3926, 22.3816,
  22.6109, 23.3558, 24.0519, 23.753, 23.8324, 23.9516, 23.6338, 23.8225, 23.8722, 23.6537, 23.187, 23.0976, 23.326,
  22.6805, 23.0976, 22.4025, 22.1725,
];
// 10-day SMA column of that sheet (two decimals).
const STOCKCHARTS_SMA10 = [
  22.22, 22.21, 22.23, 22.26, 22.31, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.53, 23.65, 23.71, 23.69, 23.61,
  23.51, 23.43, 23.28, 23.13,
];
// 10-day EMA column (SMA-seeded), to 8 decimals as reproduced in Gekko's "should calculate EMAs like stockcharts" test.
const STOCKCHARTS_EMA10 = [
  22.22475, 22.21192273, 22.24477314, 22.26965075, 22.33169607, 22.51789678, 22.79680646, 22.97065983, 23.12733986,
  23.27720534, 23.34204073, 23.42939696, 23.50990661, 23.53605086, 23.47258707, 23.4044076, 23.39015167, 23.2611241,
  23.23139244, 23.08068473, 22.91556023,
];

describe('sma', () => {
  it('matches Tulip "sma 5" and Achelis p. 207', () => {
    const tulip = [82.426, 82.738, 83.094, 83.318, 83.628, 83.778, 84.254, 84.994, 85.574, 86.218, 86.804];
    expect(maxAbsDiff(sma(TULIP_CLOSES, 5), tulip, 4)).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(maxAbsDiff(sma(ATOZ_CLOSES, 5), [24.75, 24.675, 24.744, 25.238], 4)).toBeLessThanOrEqual(0.0005 + 1e-9);
  });

  it('matches the StockCharts 10-day SMA column', () => {
    const out = sma(STOCKCHARTS_CLOSES, 10);
    expect(firstDefined(out)).toBe(9);
    expect(maxAbsDiff(out, STOCKCHARTS_SMA10, 9)).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(out[9]).toBeCloseTo(22.22475, 8);
  });

  it('agrees with technicalindicators on a 500-point random walk, and volumeSma is the SMA of volumes', () => {
    const { close, volume } = randomWalk(500, 11);
    expect(maxAbsDiff(sma(close, 20), SMA.calculate({ values: close, period: 20 }), 19)).toBeLessThan(1e-9);
    expect(maxAbsDiff(sma(close, 50), SMA.calculate({ values: close, period: 50 }), 49)).toBeLessThan(1e-9);
    expect(Array.from(volumeSma(volume))).toEqual(Array.from(sma(volume, 20)));
  });
});

describe('ema', () => {
  it('is seeded with the SMA by default and matches the StockCharts 10-day EMA to 1e-8', () => {
    const out = ema(STOCKCHARTS_CLOSES, 10);
    expect(firstDefined(out)).toBe(9);
    expect(maxAbsDiff(out, STOCKCHARTS_EMA10, 9)).toBeLessThan(1e-8);
  });

  it('with seed "first" matches Tulip "ema 5" and Achelis p. 209', () => {
    const tulip = [
      81.59, 81.413, 81.899, 82.266, 82.714, 82.859, 82.853, 83.232, 83.671, 83.901, 84.444, 85.143, 85.725, 86.407,
      86.701,
    ];
    const out = ema(TULIP_CLOSES, 5, { seed: 'first' });
    expect(firstDefined(out)).toBe(0);
    expect(maxAbsDiff(out, tulip)).toBeLessThanOrEqual(0.0005 + 1e-9);
    const atoz = [25, 24.958, 24.899, 24.797, 24.698, 24.674, 24.856, 25.654];
    expect(maxAbsDiff(ema(ATOZ_CLOSES, 5, { seed: 'first' }), atoz)).toBeLessThanOrEqual(0.0005 + 1e-9);
  });

  it('agrees with technicalindicators (also SMA-seeded) on a 500-point random walk', () => {
    const { close } = randomWalk(500, 12);
    for (const period of [12, 26, 50]) {
      const theirs = EMA.calculate({ values: close, period });
      expect(maxAbsDiff(ema(close, period), theirs, period - 1)).toBeLessThan(1e-9);
    }
  });

  it('returns all-NaN output of the same length when the input is shorter than the period', () => {
    const out = ema([1, 2], 3);
    expect(out.length).toBe(2);
    expect(firstDefined(out)).toBe(-1);
    expect(() => ema([1, 2], 0)).toThrow(RangeError);
  });
});
