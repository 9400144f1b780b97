import { describe, expect, it } from 'vitest';
import { scoreWalkForward, walkForwardWindows } from './walkForward';

const pairs = (windows: ReturnType<typeof walkForwardWindows>) =>
  windows.map((w) => [w.inSample.start, w.inSample.end, w.outOfSample.start, w.outOfSample.end]);

describe('walkForwardWindows', () => {
  it('slides fixed in-sample windows by the out-of-sample size (rolling, the default)', () => {
    // 100 bars, IS 50, OOS 20: splits at 50, 70; the next OOS would end at 110 > 100
    const windows = walkForwardWindows({ range: { start: 0, end: 100 }, inSample: 50, outOfSample: 20 });
    expect(pairs(windows)).toEqual([
      [0, 50, 50, 70],
      [20, 70, 70, 90],
    ]);
    expect(windows.map((w) => w.index)).toEqual([0, 1]);
  });

  it('grows the in-sample window from the start when anchored', () => {
    const windows = walkForwardWindows({
      range: { start: 0, end: 100 },
      inSample: 50,
      outOfSample: 25,
      mode: 'anchored',
    });
    expect(pairs(windows)).toEqual([
      [0, 50, 50, 75],
      [0, 75, 75, 100],
    ]);
  });

  it('takes a step apart from the out-of-sample size, and a range that does not start at 0', () => {
    // splits at 10 + 30 + k × 5 = 40, 45, 50; OOS 10 → ends 50, 55, 60 ≤ 60
    expect(
      pairs(walkForwardWindows({ range: { start: 10, end: 60 }, inSample: 30, outOfSample: 10, step: 5 })),
    ).toEqual([
      [10, 40, 40, 50],
      [15, 45, 45, 55],
      [20, 50, 50, 60],
    ]);
  });

  it('returns no window when one does not fit, and rejects sizes that are not positive integers', () => {
    expect(walkForwardWindows({ range: { start: 0, end: 69 }, inSample: 50, outOfSample: 20 })).toEqual([]);
    expect(() => walkForwardWindows({ range: { start: 0, end: 100 }, inSample: 0, outOfSample: 20 })).toThrow(
      RangeError,
    );
    expect(() => walkForwardWindows({ range: { start: 0, end: 100 }, inSample: 10, outOfSample: 2.5 })).toThrow(
      RangeError,
    );
    expect(() => walkForwardWindows({ range: { start: 0, end: 100 }, inSample: 10, outOfSample: 5, step: -1 })).toThrow(
      RangeError,
    );
  });
});

describe('scoreWalkForward', () => {
  it('compares the mean out-of-sample score with the mean in-sample score', () => {
    const score = scoreWalkForward([
      { inSample: 0.3, outOfSample: 0.1 },
      { inSample: 0.2, outOfSample: -0.05 },
      { inSample: 0.1, outOfSample: 0.04 },
    ]);
    expect(score.windows).toBe(3);
    expect(score.meanInSample).toBeCloseTo(0.2, 12); // 0.6 / 3
    expect(score.meanOutOfSample).toBeCloseTo(0.03, 12); // (0.1 − 0.05 + 0.04) / 3
    expect(score.efficiency).toBeCloseTo(0.15, 12); // 0.03 / 0.2
    expect(score.positiveOutOfSample).toBeCloseTo(2 / 3, 12);
  });

  it('has no efficiency without an in-sample edge, and zeros without windows', () => {
    expect(scoreWalkForward([{ inSample: -0.1, outOfSample: 0.2 }]).efficiency).toBeNull();
    expect(scoreWalkForward([])).toEqual({
      windows: 0,
      meanInSample: 0,
      meanOutOfSample: 0,
      efficiency: null,
      positiveOutOfSample: 0,
    });
  });
});
