import { describe, expect, it } from 'vitest';
import { hashInts, hashString, mulberry32, seedOf, streamOf } from './prng';

describe('prng', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const c = mulberry32(2);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
    expect(streamOf(7, 1, 2).normal()).toBe(streamOf(7, 1, 2).normal());
    expect(hashInts(1, 2)).not.toBe(hashInts(2, 1));
    expect(hashString('AAPL')).toBe(hashString('AAPL'));
    expect(seedOf('42')).toBe(seedOf('42'));
    expect(seedOf(42)).toBe(42);
  });

  it('draws uniforms in [0, 1) and standard normals', () => {
    const rng = mulberry32(123);
    let sum = 0;
    let squares = 0;
    let outside = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const u = rng.next();
      if (!(u >= 0 && u < 1)) outside++;
      const z = rng.normal();
      sum += z;
      squares += z * z;
    }
    expect(outside).toBe(0);
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(Math.abs(squares / n - 1)).toBeLessThan(0.02);
  });
});
