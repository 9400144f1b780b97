import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, OUTBOX_BACKOFF_CAP_MS } from './backoff';

describe('outbox backoff', () => {
  it('doubles the ceiling per failed attempt and caps it at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(backoffCeiling)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('keeps the jittered delay between half the ceiling and the ceiling', () => {
    for (let attempts = 1; attempts <= 12; attempts += 1) {
      const ceiling = backoffCeiling(attempts);
      expect(backoffDelay(attempts, () => 0)).toBe(ceiling / 2);
      expect(backoffDelay(attempts, () => 0.999_999)).toBeLessThanOrEqual(ceiling);
      expect(backoffDelay(attempts, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99);
      expect(backoffDelay(attempts)).toBeLessThanOrEqual(OUTBOX_BACKOFF_CAP_MS);
    }
  });

  it('spreads retries: different random draws give different delays', () => {
    expect(backoffDelay(4, () => 0.1)).not.toBe(backoffDelay(4, () => 0.9));
  });
});
