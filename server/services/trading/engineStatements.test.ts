import { escapeLiteral } from 'pg';
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

  it("quotes strings exactly as pg's escapeLiteral does", () => {
    for (const text of ['', 'plain', "it's", "''", 'a\\b', '\\', "\\'", "x'\\y'z", 'é ü 😀', ' E', '$1']) {
      expect(toLiteral(text)).toBe(escapeLiteral(text));
    }
  });

  it('refuses what it cannot write safely', () => {
    expect(() => toLiteral('a\0b')).toThrow(/NUL/);
    expect(() => toLiteral(Number.NaN)).toThrow();
    expect(() => toLiteral({})).toThrow();
  });
});
