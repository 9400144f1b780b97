import { describe, expect, it } from 'vitest';
import { createErrorId, ERROR_ID_PATTERN } from './errorId';

describe('createErrorId', () => {
  it('has the form ERR_<timestamp>_<random>', () => {
    const id = createErrorId(1_763_840_000_123, () => 0.5);
    expect(id).toBe('ERR_1763840000123_iiiiiiiii');
    expect(id).toMatch(ERROR_ID_PATTERN);
  });

  it('uses the current time and randomness by default', () => {
    const before = Date.now();
    const id = createErrorId();
    const [, timestamp] = id.split('_');
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
    expect(id).toMatch(ERROR_ID_PATTERN);
  });

  it('stays well-formed at the edges of the random range', () => {
    expect(createErrorId(1, () => 0)).toBe('ERR_1_000000000');
    expect(createErrorId(1, () => 0.999999)).toBe('ERR_1_zzzzzzzzz');
  });

  it('gives different ids to errors at the same moment', () => {
    const ids = new Set(Array.from({ length: 100 }, () => createErrorId(42)));
    expect(ids.size).toBe(100);
  });
});
