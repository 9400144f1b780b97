import { BollingerBands } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { bollinger } from './bollinger';
import { firstDefined, maxAbsDiff, randomWalk } from './fixtures';

describe('bollinger (population standard deviation)', () => {
  it('matches Tulip tests/untest.txt "bbands 5 2" (three decimals)', () => {
    // https://github.com/TulipCharts/tulipindicators/blob/master/tests/untest.txt
    const closes = [
      81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29,
    ];
    const out = bollinger(closes, 5, 2);
    const tol = 0.0005 + 1e-9;
    expect(firstDefined(out.middle)).toBe(4);
    expect(
      maxAbsDiff(out.lower, [80.53, 80.987, 82.533, 82.472, 82.418, 82.435, 82.511, 83.143, 83.536, 83.87, 85.289], 4),
    ).toBeLessThanOrEqual(tol);
    expect(
      maxAbsDiff(
        out.middle,
        [82.426, 82.738, 83.094, 83.318, 83.628, 83.778, 84.254, 84.994, 85.574, 86.218, 86.804],
        4,
      ),
    ).toBeLessThanOrEqual(tol);
    expect(
      maxAbsDiff(
        out.upper,
        [84.322, 84.489, 83.655, 84.164, 84.838, 85.121, 85.997, 86.845, 87.612, 88.566, 88.319],
        4,
      ),
    ).toBeLessThanOrEqual(tol);
  });

  it('matches Achelis, Technical Analysis from A to Z, p. 73 (Tulip tests/atoz.txt "bbands 5 2")', () => {
    const closes = [
      31.875, 32.125, 32.3125, 32.125, 31.875, 32.3125, 32.25, 32.4375, 32.8125, 32.375, 32.5, 32.4375, 32.75, 33.1875,
      33.0625, 33.0625, 33.125, 33.0625, 32.8125, 32.875, 33.25, 33.125,
    ];
    const lower = [
      31.7271, 31.8279, 31.8452, 31.8176, 31.7323, 32.0422, 32.0992, 32.2023, 32.2268, 32.0552, 32.1927, 32.3546,
      32.7354, 33.0, 32.8071, 32.7451, 32.7029, 32.7029,
    ];
    const middle = [
      32.0625, 32.15, 32.175, 32.2, 32.3375, 32.4375, 32.475, 32.5125, 32.575, 32.65, 32.7875, 32.9, 33.0375, 33.1,
      33.025, 32.9875, 33.025, 33.025,
    ];
    const upper = [
      32.3979, 32.4721, 32.5048, 32.5824, 32.9427, 32.8328, 32.8508, 32.8227, 32.9232, 33.2448, 33.3823, 33.4454,
      33.3396, 33.2, 33.2429, 33.2299, 33.3471, 33.3471,
    ];
    const out = bollinger(closes, 5, 2);
    expect(maxAbsDiff(out.lower, lower, 4)).toBeLessThan(1e-4);
    expect(maxAbsDiff(out.middle, middle, 4)).toBeLessThan(1e-4);
    expect(maxAbsDiff(out.upper, upper, 4)).toBeLessThan(1e-4);
  });

  it('agrees with technicalindicators on a 500-point random walk', () => {
    const { close } = randomWalk(500, 14);
    const ours = bollinger(close, 20, 2);
    const theirs = BollingerBands.calculate({ values: close, period: 20, stdDev: 2 });
    expect(theirs.length).toBe(500 - 19);
    expect(
      maxAbsDiff(
        ours.upper,
        theirs.map((r) => r.upper),
        19,
      ),
    ).toBeLessThan(1e-9);
    expect(
      maxAbsDiff(
        ours.middle,
        theirs.map((r) => r.middle),
        19,
      ),
    ).toBeLessThan(1e-9);
    expect(
      maxAbsDiff(
        ours.lower,
        theirs.map((r) => r.lower),
        19,
      ),
    ).toBeLessThan(1e-9);
  });

  it('stays exact on a long, high-priced, low-variance series (no cancellation drift)', () => {
    const closes = Array.from({ length: 100_000 }, (_, i) => 10_000 + Math.sin(i / 3) * 0.01);
    const out = bollinger(closes, 20, 2);
    const i = closes.length - 1;
    const window = closes.slice(i - 19, i + 1);
    const mean = window.reduce((a, b) => a + b, 0) / 20;
    const sd = Math.sqrt(window.reduce((a, b) => a + (b - mean) ** 2, 0) / 20);
    expect(out.upper[i]! - out.middle[i]!).toBeCloseTo(2 * sd, 9);
    expect(bollinger([5, 5, 5], 3).upper[2]).toBe(5);
  });
});
