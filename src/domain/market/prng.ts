/**
 * Deterministic pseudo-random numbers for the market simulator (never for anything secret).
 *
 * - {@link mulberry32}: a tiny, fast 32-bit generator with a 2^32 period, ample for one stream.
 * - {@link hashInts} / {@link hashString}: 32-bit mixing (MurmurHash3's finaliser) used to derive an
 *   independent stream per (seed, symbol, day, purpose). Streams are "counter based": the numbers for a
 *   given day never depend on how many numbers other days consumed, so history is reproducible piecewise.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in (0, 1]: safe for `Math.log`. */
  nextPositive(): number;
  /** Standard normal (Box–Muller, both values used). */
  normal(): number;
}

/** Mulberry32 (Tommy Ettinger): 32 bits of state, period 2^32. A class so streams cost no closures. */
class Mulberry32 implements Rng {
  private state: number;
  private spare = Number.NaN;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  nextPositive(): number {
    return 1 - this.next();
  }

  normal(): number {
    const spare = this.spare;
    if (spare === spare) {
      this.spare = Number.NaN;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}

export function mulberry32(seed: number): Rng {
  return new Mulberry32(seed);
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mixes any number of integers (e.g. seed, symbol hash, day number, purpose) into one 32-bit seed. */
export function hashInts(...values: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = fmix32((h ^ fmix32(value | 0)) + 0x7f4a7c15);
  }
  return h;
}

/** FNV-1a over UTF-16 code units, then mixed: a stable 32-bit id for a symbol or a textual seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** A seed given as a number or text (e.g. the MARKET_SEED environment variable) as a 32-bit integer. */
export function seedOf(seed: number | string): number {
  return typeof seed === 'number' && Number.isInteger(seed) ? seed >>> 0 : hashString(String(seed));
}

/** The stream for one (seed, …keys) tuple. */
export function streamOf(...keys: readonly number[]): Rng {
  return mulberry32(hashInts(...keys));
}
