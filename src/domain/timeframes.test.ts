import { describe, expect, it } from 'vitest';
import { normalizeTimeframe, TIMEFRAMES } from './timeframes';

describe('normalizeTimeframe', () => {
  it('accepts every canonical timeframe unchanged', () => {
    for (const timeframe of TIMEFRAMES) expect(normalizeTimeframe(timeframe)).toBe(timeframe);
  });

  it('lower-cases hour, day and week units', () => {
    expect(normalizeTimeframe('1D')).toBe('1d');
    expect(normalizeTimeframe('1W')).toBe('1w');
    expect(normalizeTimeframe('4H')).toBe('4h');
    expect(normalizeTimeframe(' 1d ')).toBe('1d');
  });

  it('rejects anything else, including upper-case minutes', () => {
    for (const value of ['', '2d', '1M', '15M', '1y', 'daily', '1dd']) expect(normalizeTimeframe(value)).toBeNull();
  });
});
