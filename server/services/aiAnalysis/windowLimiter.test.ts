import { describe, expect, it } from 'vitest';
import { windowLimiter } from './windowLimiter';

describe('windowLimiter', () => {
  it('allows `limit` calls per key in any window, refusals not counted, other keys apart', () => {
    let now = 0;
    const allow = windowLimiter(2, 60_000, () => now);
    expect([allow('a'), allow('a'), allow('a'), allow('b')]).toEqual([true, true, false, true]);
    now = 30_000;
    expect(allow('a')).toBe(false);
    now = 60_001; // the first two calls have left the window
    expect([allow('a'), allow('a'), allow('a')]).toEqual([true, true, false]);
  });
});
