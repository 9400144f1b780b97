import { describe, expect, it } from 'vitest';
import { toLiteral } from './engineStatements';

describe('toLiteral', () => {
  it('writes numbers, booleans and null as they are', () => {
    expect([1, -2.5, 0.000001, true, false, null, undefined].map(toLiteral)).toEqual([
      '1',
      '-2.5',
      '0.000001',
      'true',
      'false',
      'null',
      'null',
    ]);
  });

  it('quotes strings so that no quote or backslash ends them early', () => {
    expect(toLiteral("it's")).toBe("'it''s'");
    expect(toLiteral('a\\b')).toBe(" E'a\\\\b'");
    expect(toLiteral(`'); drop table orders; --`)).toBe(`'''); drop table orders; --'`);
  });

  it('refuses what it cannot write safely', () => {
    expect(() => toLiteral('a\0b')).toThrow(/NUL/);
    expect(() => toLiteral(Number.NaN)).toThrow();
    expect(() => toLiteral({})).toThrow();
  });
});
