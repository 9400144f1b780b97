import { describe, expect, it } from 'vitest';
import { windowLimiter } from './windowLimiter';

describe('windowLimiter', () => {
  it('allows `limit` calls per key in any window, refusals not counted, other keys apart', () => {
    let now = 0;
    const admit = windowLimiter(2, 60_000, () => now);
    expect([admit('a'), admit('a'), admit('a'), admit('b')]).toEqual([0, 0, 60_000, 0]);
    now = 30_000;
    expect(admit('a')).toBe(30_000); // the wait until the oldest call leaves the window
    now = 60_001; // the first two calls have left the window
    expect([admit('a'), admit('a'), admit('a')]).toEqual([0, 0, 60_000]);
  });
});
