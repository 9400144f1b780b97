import { describe, expect, it } from 'vitest';
import { findTemplate } from '../../strategies/templates';
import {
  enumerateGrid,
  gridPoints,
  paramSpaceOf,
  ParamSpaceError,
  snapParams,
  snapToGrid,
  valueAt,
  valueCount,
  type ParamDimension,
} from './paramSpace';

const sma = findTemplate('sma-crossover')!;
const bollinger = findTemplate('bollinger-reversion')!;

function errorOf(run: () => unknown): ParamSpaceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParamSpaceError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('paramSpaceOf and enumerateGrid', () => {
  it('enumerates the narrowed grid, first dimension slowest, without the sets the template rules out', () => {
    const space = paramSpaceOf(sma, { fast: { min: 5, max: 15, step: 5 }, slow: { min: 10, max: 20, step: 10 } });
    expect(gridPoints(space)).toBe(6); // fast 5, 10, 15 × slow 10, 20
    // (10, 10) and (15, 10) break "slow greater than fast"
    expect(enumerateGrid(space)).toEqual([
      { fast: 5, slow: 10 },
      { fast: 5, slow: 20 },
      { fast: 10, slow: 20 },
      { fast: 15, slow: 20 },
    ]);
  });

  it('keeps decimal steps exact and stops at the last step within max', () => {
    const space = paramSpaceOf(bollinger, { period: { min: 20, max: 20 }, stdDev: { min: 0.5, max: 1.05 } });
    expect(enumerateGrid(space).map((set) => set.stdDev)).toEqual([0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });

  it('refuses a grid above the cap, saying its size, before enumerating it', () => {
    const whole = paramSpaceOf(sma); // 2…200 × 3…500
    expect(gridPoints(whole)).toBe(199 * 498);
    const error = errorOf(() => enumerateGrid(whole));
    expect(error.field).toBe('ranges');
    expect(error.message).toContain('99,102 parameter sets, more than the 10,000 allowed');
    expect(enumerateGrid(paramSpaceOf(sma, { fast: { max: 3 }, slow: { max: 5 } }), 6)).toHaveLength(5);
    expect(() => enumerateGrid(paramSpaceOf(sma, { fast: { max: 3 }, slow: { max: 5 } }), 5)).toThrow(/6 parameter/);
  });

  it('names the bad field of a narrowed range', () => {
    expect(errorOf(() => paramSpaceOf(sma, { fast: { min: 1 } })).field).toBe('ranges.fast.min');
    expect(errorOf(() => paramSpaceOf(sma, { slow: { max: 501 } })).field).toBe('ranges.slow.max');
    expect(errorOf(() => paramSpaceOf(sma, { fast: { min: 2.5 } })).field).toBe('ranges.fast.min');
    expect(errorOf(() => paramSpaceOf(sma, { fast: { min: 30, max: 20 } })).field).toBe('ranges.fast.max');
    expect(errorOf(() => paramSpaceOf(sma, { fast: { step: 0 } })).field).toBe('ranges.fast.step');
    expect(errorOf(() => paramSpaceOf(sma, { fast: { step: 1.5 } })).field).toBe('ranges.fast.step');
    expect(errorOf(() => paramSpaceOf(sma, { medium: { min: 3 } })).field).toBe('ranges.medium');
  });
});

describe('snapToGrid', () => {
  const even: ParamDimension = { name: 'n', min: 2, max: 10, step: 2, integer: true };

  it('clamps into the bounds and moves to the nearest grid value, ties up', () => {
    expect(valueCount(even)).toBe(5);
    expect([snapToGrid(even, 4.9), snapToGrid(even, 5), snapToGrid(even, 100), snapToGrid(even, -3)]).toEqual([
      4, 6, 10, 2,
    ]);
    const sigma: ParamDimension = { name: 's', min: 0.5, max: 4, step: 0.1, integer: false };
    expect(valueAt(sigma, 2)).toBe(0.7);
    expect(snapToGrid(sigma, 1.234)).toBe(1.2);
  });

  it('snaps a whole set, a missing value to the minimum', () => {
    const space = paramSpaceOf(sma, { fast: { min: 10, max: 50, step: 10 } });
    expect(snapParams(space, { fast: 26 })).toEqual({ fast: 30, slow: 3 });
  });
});
