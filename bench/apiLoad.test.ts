import { describe, expect, it } from 'vitest';
import { cpuMs, percentile } from './apiLoad';

describe('cpuMs', () => {
  it('reads a running process’s CPU time, which grows with work', () => {
    const before = cpuMs(process.pid);
    const until = Date.now() + 60;
    while (Date.now() < until) Math.sqrt(Math.random());
    const after = cpuMs(process.pid);
    expect(Number.isFinite(before)).toBe(true);
    expect(after).toBeGreaterThan(before);
  });

  it('is NaN for no process or one that is not there', () => {
    expect(cpuMs(undefined)).toBeNaN();
    expect(cpuMs(2 ** 22 + 7)).toBeNaN();
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 99)).toBe(4);
    expect(percentile([], 50)).toBeNaN();
  });
});
