import { describe, expect, it } from 'vitest';
import { findTemplate } from '../../strategies/templates';
import { paramSpaceOf } from './paramSpace';
import { parameterStability } from './stability';

const space = paramSpaceOf(findTemplate('sma-crossover')!, {
  fast: { min: 10, max: 30, step: 5 },
  slow: { min: 50, max: 50 },
});

describe('parameterStability', () => {
  it('measures each parameter against its range and finds the most common set', () => {
    const a = { fast: 10, slow: 50 };
    const b = { fast: 20, slow: 50 };
    // 5 windows: a, b, a, none, a
    const stability = parameterStability(space, [a, b, a, null, a]);
    // fast: chosen 10, 20, 10, 10 → spread (20 − 10) / (30 − 10) = 0.5; mean 12.5, sample variance
    // (3 × 2.5² + 7.5²) / 3 = 25 → sd 5 → 5 / 20 = 0.25. slow has one value: 0.
    expect(stability.parameters).toEqual([
      { name: 'fast', min: 10, max: 20, relativeSpread: 0.5, relativeStdDev: 0.25 },
      { name: 'slow', min: 50, max: 50, relativeSpread: 0, relativeStdDev: 0 },
    ]);
    // a chosen by 3 of the 5 windows (the window that chose nothing counts)
    expect(stability.mostCommon).toEqual(a);
    expect(stability.mostCommonShare).toBeCloseTo(3 / 5, 12);
  });

  it('breaks a tie for the most common set by the first chosen; nothing chosen gives zeros', () => {
    const a = { fast: 15, slow: 50 };
    const b = { fast: 25, slow: 50 };
    expect(parameterStability(space, [b, a, a, b]).mostCommon).toEqual(b);
    const none = parameterStability(space, [null, null]);
    expect(none.mostCommon).toBeNull();
    expect(none.mostCommonShare).toBe(0);
    expect(none.parameters[0]).toEqual({ name: 'fast', min: null, max: null, relativeSpread: 0, relativeStdDev: 0 });
  });
});
