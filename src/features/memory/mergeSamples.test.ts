import { describe, expect, it } from 'vitest';
import { mergeSamples, minutesToFetch } from './mergeSamples';

const at = (seconds: number) => ({ timestamp: new Date(seconds * 1000).toISOString(), seconds });

describe('mergeSamples', () => {
  it('keeps the older previous samples, then the fresh ones, within the window', () => {
    const previous = [at(0), at(5), at(10), at(15)];
    const fresh = [at(10), at(15), at(20)];
    expect(mergeSamples(previous, fresh, 0).map((s) => s.seconds)).toEqual([0, 5, 10, 15, 20]);
    expect(mergeSamples(previous, fresh, 5_000).map((s) => s.seconds)).toEqual([5, 10, 15, 20]);
  });

  it('keeps the previous samples when the fresh answer is empty', () => {
    expect(mergeSamples([at(0), at(5)], [], 0).map((s) => s.seconds)).toEqual([0, 5]);
  });
});

describe('minutesToFetch', () => {
  it('asks for the whole window without a recent answer, else the short one', () => {
    expect(minutesToFetch(undefined, 1_000_000, 1, 60)).toBe(60);
    expect(minutesToFetch(1_000_000 - 30_000, 1_000_000, 1, 60)).toBe(1);
    expect(minutesToFetch(1_000_000 - 60_000, 1_000_000, 1, 60)).toBe(60);
  });
});
