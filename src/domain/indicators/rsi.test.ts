import { RSI } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { firstDefined, maxAbsDiff, randomWalk } from './fixtures';
import { rsi } from './rsi';

// StockCharts ChartSchool, "Relative Strength Index (RSI)" worked example (spreadsheet cs-rsi.xls),
// https://school.stockcharts.com/doku.php?id=technical_indicators:relative_strength_index_rsi
// The spreadsheet's closes carry four decimals; the page's table shows them rounded to two. The 8-decimal
// first and last values are the ones asserted by PyAlgoTrade (gbeced/pyalgotrade,
// testcases/technical_rsi_test.py, which cites the same StockCharts page).
const WILDER_CLOSES = [
  44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614,
  46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521, 45.7137, 46.4515, 45.7835, 45.3548,
  44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
];
// The StockCharts table, RSI(14) from the 15th close on, two decimals.
const STOCKCHARTS_RSI = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3,
  33.08, 37.77,
];

describe('rsi (Wilder)', () => {
  it('reproduces the StockCharts / Wilder worked example', () => {
    const out = rsi(WILDER_CLOSES, 14);
    expect(firstDefined(out)).toBe(14);
    expect(out[14]).toBeCloseTo(70.53278948, 6);
    expect(out[32]).toBeCloseTo(37.77295211, 6);
    // Published to two decimals: every value within half a unit of the last digit.
    expect(maxAbsDiff(out, STOCKCHARTS_RSI, 14)).toBeLessThanOrEqual(0.005 + 1e-9);
  });

  it('gives 70.46, not 70.53, when the same closes are first rounded to two decimals', () => {
    // The two-decimal closes printed on the StockCharts page are not what its table was computed from.
    const rounded = WILDER_CLOSES.map((c) => Math.round(c * 100) / 100);
    expect(rsi(rounded, 14)[14]).toBeCloseTo(70.4641, 4);
  });

  it('matches Tulip Indicators (tests/untest.txt "rsi 5", three decimals)', () => {
    // https://github.com/TulipCharts/tulipindicators/blob/master/tests/untest.txt
    const closes = [
      81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29,
    ];
    const expected = [72.034, 64.927, 75.936, 79.796, 74.713, 83.033, 87.478, 88.755, 91.483, 78.498];
    expect(maxAbsDiff(rsi(closes, 5), expected, 5)).toBeLessThanOrEqual(0.0005 + 1e-9);
  });

  it('matches Achelis, Technical Analysis from A to Z, p. 299 (Tulip tests/atoz.txt "rsi 5")', () => {
    const closes = [
      37.875, 39.5, 38.75, 39.8125, 40, 39.875, 40.1875, 41.25, 41.125, 41.625, 41.25, 40.1875, 39.9375, 39.9375, 40.5,
      41.9375, 42.25, 42.25, 41.875, 41.875,
    ];
    const expected = [
      76.6667, 78.8679, 84.9158, 81.4863, 84.5968, 73.0851, 49.3173, 45.0119, 45.0119, 57.9252, 75.9596, 78.4676,
      78.4676, 65.6299, 65.6299,
    ];
    expect(maxAbsDiff(rsi(closes, 5), expected, 5)).toBeLessThanOrEqual(1e-4);
  });

  it('agrees with technicalindicators on a 500-point random walk (it rounds RSI to 2 decimals)', () => {
    const { close } = randomWalk(500, 7);
    const ours = rsi(close, 14);
    const theirs = RSI.calculate({ values: close, period: 14 });
    expect(theirs.length).toBe(500 - 14);
    expect(maxAbsDiff(ours, theirs, 14)).toBeLessThanOrEqual(0.005 + 1e-9);
  });

  it('handles one-sided and flat series and short input', () => {
    expect(rsi([1, 2, 3, 4, 5, 6], 5)[5]).toBe(100);
    expect(rsi([6, 5, 4, 3, 2, 1], 5)[5]).toBe(0);
    expect(rsi([3, 3, 3, 3, 3, 3], 5)[5]).toBe(50);
    const short = rsi([1, 2, 3], 14);
    expect(short.length).toBe(3);
    expect(firstDefined(short)).toBe(-1);
  });
});
