import { ADX } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { adx } from './adx';
import { firstDefined, maxAbsDiff, randomWalk } from './fixtures';

// Achelis, Technical Analysis from A to Z, companion spreadsheet, as kept in Tulip Indicators' tests/atoz.txt
// ("adx 14", "di 14", "dx 14"): https://github.com/TulipCharts/tulipindicators/blob/master/tests/atoz.txt
const HIGH = [
  94.1875, 94.5, 93.5, 92.75, 92.875, 90.75, 89.875, 89.125, 90.4375, 90, 88.5, 87.75, 87.0625, 85.8125, 86.5625,
  90.375, 91.375, 92.25, 93.375, 92.0625, 92.875, 93.9375, 95.25, 97.125, 97.1875, 94.875, 94.3125, 93.3125, 94.125,
  96.9375, 101.125, 108.75, 115, 117.125, 115, 116.625, 118, 119.25, 119.25, 118.812, 118.375, 119.938, 117.75, 118.625,
  117.125, 116.375, 113.875, 112.25, 113.688, 114.25,
];
const LOW = [
  92.125, 91.9375, 91.5, 90.3125, 90.5, 84.375, 86.4375, 86.4375, 88.25, 87.0625, 86.9375, 85.875, 85, 84.5, 84.375,
  88.4375, 88.375, 89.5, 91, 89.5, 89.5625, 90.875, 92.875, 95.7344, 94.75, 92.875, 91.6875, 91.4375, 92.25, 92.75,
  95.3125, 98.5, 108.938, 113.625, 111.188, 110.625, 115.125, 116.75, 116.125, 117.062, 116.812, 117.125, 116.25, 112,
  112.25, 109.375, 108.375, 107.312, 111.375, 108.688,
];
const CLOSE = [
  92.375, 92.5625, 92, 91.75, 91.5625, 89.9375, 88.875, 87.125, 89.625, 89.1875, 87, 87.3125, 85, 84.9375, 86, 89.8125,
  89.625, 91.6875, 91.125, 90.1875, 91.0469, 93.1875, 94.8125, 96.125, 95.4375, 93, 91.75, 92.75, 93.875, 96.625,
  98.6875, 108.438, 113.688, 115.25, 112.75, 115.875, 117.562, 117.438, 119.125, 117.5, 117.938, 117.625, 116.75,
  116.562, 112.625, 113.812, 110, 111.438, 112.25, 109.375,
];

describe('adx (Wilder)', () => {
  it("reproduces Achelis' spreadsheet ADX(14), +DI/-DI(14) and DX(14) with the 'tulip' warm-up", () => {
    const out = adx(HIGH, LOW, CLOSE, 14, 'tulip');
    const expectedAdx = [
      18.4798, 17.7329, 16.6402, 16.4608, 17.557, 19.9758, 22.9245, 25.8535, 27.6536, 29.5118, 31.3907, 33.2726,
      34.7625, 36.146, 37.3151, 38.6246, 39.4151, 38.366, 37.3919, 35.4565, 33.3321, 31.0167, 29.3056, 27.5566,
    ];
    const expectedPlusDI = [
      4.7619, 6.5404, 15.7975, 17.1685, 18.2181, 20.0392, 18.683, 19.1863, 20.4108, 22.567, 26.1316, 24.4414, 22.7738,
      21.1796, 20.0974, 21.3093, 26.4203, 32.9361, 41.7807, 48.6368, 49.4654, 45.5589, 43.4969, 43.7326, 44.0367,
      41.3368, 39.6102, 38.3048, 39.341, 38.0298, 32.826, 29.6147, 25.7233, 23.1495, 21.1075, 22.8568, 20.5857,
    ];
    const expectedMinusDI = [
      31.2925, 29.4074, 26.03, 23.995, 22.2758, 20.8841, 23.4324, 21.4148, 19.7238, 18.5036, 17.3764, 18.8646, 22.5699,
      24.1567, 23.6037, 22.3726, 19.8789, 17.0398, 13.4042, 11.6853, 10.8837, 14.7622, 13.1147, 12.4005, 11.7988,
      12.3016, 11.7878, 11.9265, 11.2104, 12.781, 19.8102, 17.8722, 20.9206, 20.6465, 20.7242, 19.8413, 22.67,
    ];
    const expectedDx = [
      73.585, 63.6115, 24.4637, 16.584, 10.0206, 2.0645, 11.2771, 5.4886, 1.7117, 9.8936, 20.1233, 12.8777, 0.4497,
      6.5667, 8.0233, 2.4342, 14.1285, 31.8079, 51.4207, 61.2569, 63.9309, 51.0546, 53.6679, 55.8176, 57.7373, 54.1312,
      54.1312, 52.5138, 55.6475, 49.6919, 24.7277, 24.7277, 10.2966, 5.715, 0.9162, 7.0623, 4.8185,
    ];
    expect(firstDefined(out.adx)).toBe(26);
    expect(firstDefined(out.plusDI)).toBe(13);
    expect(maxAbsDiff(out.adx, expectedAdx, 26)).toBeLessThan(1e-4);
    expect(maxAbsDiff(out.plusDI, expectedPlusDI, 13)).toBeLessThan(1e-4);
    expect(maxAbsDiff(out.minusDI, expectedMinusDI, 13)).toBeLessThan(1e-4);
    expect(maxAbsDiff(out.dx, expectedDx, 13)).toBeLessThan(1e-4);
  });

  it('matches Tulip tests/untest.txt "adx 5" / "di 5" / "dx 5" with the tulip warm-up (three decimals)', () => {
    const high = [82.15, 81.89, 83.03, 83.3, 83.85, 83.9, 83.33, 84.3, 84.84, 85.0, 85.9, 86.58, 86.98, 88.0, 87.87];
    const low = [
      81.29, 80.64, 81.31, 82.65, 83.07, 83.11, 82.49, 82.3, 84.15, 84.11, 84.03, 85.39, 85.76, 87.17, 87.01,
    ];
    const close = [
      81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29,
    ];
    const out = adx(high, low, close, 5, 'tulip');
    const tol = 0.0005 + 1e-9;
    expect(maxAbsDiff(out.adx, [41.384, 44.288, 49.422, 54.918, 59.987, 65.292, 67.355], 8)).toBeLessThanOrEqual(tol);
    const plus = [41.525, 35.436, 28.811, 35.85, 40.268, 36.416, 40.072, 43.468, 41.298, 50.793, 42.981];
    const minus = [13.771, 11.389, 23.059, 14.815, 12.451, 10.299, 7.084, 5.675, 4.522, 3.673, 5.97];
    expect(maxAbsDiff(out.plusDI, plus, 4)).toBeLessThanOrEqual(tol);
    expect(maxAbsDiff(out.minusDI, minus, 4)).toBeLessThanOrEqual(tol);
    const dx = [50.192, 51.356, 11.088, 41.517, 52.766, 55.907, 69.955, 76.905, 80.262, 86.511, 75.609];
    expect(maxAbsDiff(out.dx, dx, 4)).toBeLessThanOrEqual(tol);
  });

  it("with Wilder's warm-up (default) equals technicalindicators from its first value on a 500-point random walk", () => {
    const { high, low, close } = randomWalk(500, 16);
    const ours = adx(high, low, close, 14);
    expect(firstDefined(ours.adx)).toBe(27);
    expect(firstDefined(ours.plusDI)).toBe(14);
    const theirs = ADX.calculate({ high, low, close, period: 14 });
    expect(theirs.length).toBe(500 - 27);
    expect(
      maxAbsDiff(
        ours.adx,
        theirs.map((r) => r.adx),
        27,
      ),
    ).toBeLessThan(1e-9);
    expect(
      maxAbsDiff(
        ours.plusDI,
        theirs.map((r) => r.pdi),
        27,
      ),
    ).toBeLessThan(1e-9);
    expect(
      maxAbsDiff(
        ours.minusDI,
        theirs.map((r) => r.mdi),
        27,
      ),
    ).toBeLessThan(1e-9);
  });

  it('the two warm-ups converge', () => {
    const { high, low, close } = randomWalk(500, 17);
    const wilder = adx(high, low, close, 14, 'wilder');
    const tulip = adx(high, low, close, 14, 'tulip');
    expect(maxAbsDiff(wilder.adx.subarray(400), Array.from(tulip.adx.subarray(400)))).toBeLessThan(1e-6);
  });
});
