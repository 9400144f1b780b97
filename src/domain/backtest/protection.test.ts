import { describe, expect, it } from 'vitest';
import { activeStop, entryProtection, hasProtection, percentBelow } from './protection';

describe('protective exits', () => {
  it('a stop loss and a target around the entry, in whole cents', () => {
    expect(entryProtection(100, { stopLossPercent: 8, takeProfitPercent: 15 })).toEqual({
      fixedStop: 92,
      fixedStopKind: 'stopLoss',
      target: 115,
    });
    expect(entryProtection(33.33, { stopLossPercent: 10 }).fixedStop).toBe(30);
    expect(entryProtection(100, {})).toEqual({
      fixedStop: Number.NEGATIVE_INFINITY,
      fixedStopKind: 'stopLoss',
      target: Number.POSITIVE_INFINITY,
    });
  });

  it('the ATR stop replaces the stop loss when it is tighter, not when it is looser', () => {
    expect(entryProtection(100, { stopLossPercent: 8 }, 95)).toMatchObject({ fixedStop: 95, fixedStopKind: 'atrStop' });
    expect(entryProtection(100, { stopLossPercent: 8 }, 90)).toMatchObject({
      fixedStop: 92,
      fixedStopKind: 'stopLoss',
    });
  });

  it('the trailing stop follows the high-water mark and takes over once above the fixed stop', () => {
    const protection = entryProtection(100, { stopLossPercent: 8 });
    expect(activeStop(protection, 100, 10)).toEqual({ price: 92, kind: 'stopLoss' });
    expect(activeStop(protection, 110, 10)).toEqual({ price: 99, kind: 'trailingStop' });
    expect(activeStop(protection, 110, undefined)).toEqual({ price: 92, kind: 'stopLoss' });
    expect(percentBelow(100, 0)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('knows when there is nothing to watch', () => {
    expect(hasProtection({}, false)).toBe(false);
    expect(hasProtection({ trailingStopPercent: 5 }, false)).toBe(true);
    expect(hasProtection({}, true)).toBe(true);
  });
});
