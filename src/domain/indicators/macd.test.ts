import { MACD } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { firstDefined, maxAbsDiff, randomWalk } from './fixtures';
import { macd } from './macd';

describe('macd', () => {
  it('matches Achelis, Technical Analysis from A to Z, p. 202 companion spreadsheet (Tulip tests/atoz.txt "macd 12 26 9")', () => {
    // https://github.com/TulipCharts/tulipindicators/blob/master/tests/atoz.txt — Tulip reproduces it with EMAs
    // seeded by the first close and the rounded factors 0.15 / 0.075 for 12 / 26 (indicators/macd.c).
    const closes = [
      63.75, 63.625, 63, 62.75, 63.25, 65.375, 66, 65, 64.875, 64.75, 64.375, 64.375, 64.625, 64.375, 64.5, 65.25,
      67.875, 68, 66.875, 66.25, 65.875, 66, 65.875, 64.75, 63, 63.375, 63.375, 63.375, 63.875, 65.5, 63.25, 60.75,
      57.25, 59.125, 59.25, 58.5, 59.125, 59.75, 60.625, 60.5, 59, 59.5, 58.875, 59.625, 59.875, 59.75, 59.625, 59.25,
      58.875, 59.125, 60.875, 60.75, 61.125, 62.5, 63.25,
    ];
    const expectedMacd = [
      0.069246173, -0.056749361, -0.155174919, -0.193316296, -0.099255145, -0.192932945, -0.45191662, -0.912958472,
      -1.124556845, -1.268899802, -1.424364329, -1.483699214, -1.466784652, -1.37135925, -1.290278236, -1.324512659,
      -1.299028706, -1.311252875, -1.249862534, -1.168783424, -1.101261161, -1.045157593, -1.01741314, -1.012278166,
      -0.978102663, -0.808978519, -0.676278653, -0.536210248, -0.316924099, -0.084694969,
    ];
    const expectedSignal = [
      0.069246173, 0.044047066, 0.004202669, -0.035301124, -0.048091928, -0.077060132, -0.152031429, -0.304216838,
      -0.468284839, -0.628407832, -0.787599131, -0.926819148, -1.034812249, -1.102121649, -1.139752966, -1.176704905,
      -1.201169665, -1.223186307, -1.228521552, -1.216573927, -1.193511374, -1.163840617, -1.134555122, -1.110099731,
      -1.083700317, -1.028755957, -0.958260496, -0.873850447, -0.762465177, -0.626911135,
    ];
    const expectedHistogram = [
      0, -0.100796427, -0.159377588, -0.158015172, -0.051163217, -0.115872813, -0.29988519, -0.608741634, -0.656272006,
      -0.64049197, -0.636765198, -0.556880067, -0.431972403, -0.269237601, -0.15052527, -0.147807754, -0.097859041,
      -0.088066568, -0.021340981, 0.047790503, 0.092250213, 0.118683025, 0.117141982, 0.097821565, 0.105597654,
      0.219777438, 0.281981844, 0.337640199, 0.445541078, 0.542216167,
    ];
    const out = macd(closes, { seed: 'first', fastAlpha: 0.15, slowAlpha: 0.075 });
    expect(firstDefined(out.macd)).toBe(25);
    expect(maxAbsDiff(out.macd, expectedMacd, 25)).toBeLessThan(1e-4);
    expect(maxAbsDiff(out.signal, expectedSignal, 25)).toBeLessThan(1e-4);
    expect(maxAbsDiff(out.histogram, expectedHistogram, 25)).toBeLessThan(1e-4);
  });

  it('matches Tulip tests/untest.txt "macd 2 5 9" (exact factors, first-close seed, three decimals)', () => {
    const closes = [
      81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29,
    ];
    const out = macd(closes, { fast: 2, slow: 5, signal: 9, seed: 'first' });
    const tol = 0.0005 + 1e-9;
    expect(
      maxAbsDiff(out.macd, [0.618, 0.351, 0.111, 0.416, 0.578, 0.422, 0.684, 0.927, 0.891, 0.979, 0.621], 4),
    ).toBeLessThanOrEqual(tol);
    expect(
      maxAbsDiff(out.signal, [0.618, 0.564, 0.474, 0.462, 0.485, 0.473, 0.515, 0.597, 0.656, 0.721, 0.701], 4),
    ).toBeLessThanOrEqual(tol);
    expect(
      maxAbsDiff(out.histogram, [0, -0.213, -0.363, -0.046, 0.093, -0.05, 0.169, 0.329, 0.235, 0.258, -0.08], 4),
    ).toBeLessThanOrEqual(tol);
  });

  it('with the default SMA seed agrees with technicalindicators (EMA oscillator and signal) on a 500-point random walk', () => {
    const { close } = randomWalk(500, 13);
    const ours = macd(close);
    expect(firstDefined(ours.macd)).toBe(25);
    expect(firstDefined(ours.signal)).toBe(33);
    expect(firstDefined(ours.histogram)).toBe(33);
    const theirs = MACD.calculate({
      values: close,
      fastPeriod: 12,
      slowPeriod: 26,
      signalPeriod: 9,
      SimpleMAOscillator: false,
      SimpleMASignal: false,
    });
    expect(theirs.length).toBe(500 - 25);
    expect(
      maxAbsDiff(
        ours.macd,
        theirs.map((r) => r.MACD ?? null),
        25,
      ),
    ).toBeLessThan(1e-9);
    expect(
      maxAbsDiff(
        ours.signal,
        theirs.map((r) => r.signal ?? null),
        25,
      ),
    ).toBeLessThan(1e-9);
    expect(
      maxAbsDiff(
        ours.histogram,
        theirs.map((r) => r.histogram ?? null),
        25,
      ),
    ).toBeLessThan(1e-9);
  });

  it('rejects a fast period longer than the slow one and copes with short input', () => {
    expect(() => macd([1, 2, 3], { fast: 5, slow: 3 })).toThrow(RangeError);
    const out = macd([1, 2, 3]);
    expect(out.macd.length).toBe(3);
    expect(firstDefined(out.histogram)).toBe(-1);
  });
});
