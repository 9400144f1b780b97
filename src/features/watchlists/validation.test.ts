import { describe, expect, it } from 'vitest';
import { normalizeSymbol, parseTriggerPrice, symbolProblem, watchlistNameProblem } from './validation';

describe('watchlist and alert input rules', () => {
  it('accepts only symbols of the market universe, whatever the case', () => {
    expect(normalizeSymbol('  aapl ')).toBe('AAPL');
    expect(symbolProblem('aapl')).toBeNull();
    expect(symbolProblem('')).toBe('Enter a symbol.');
    expect(symbolProblem('zzzz')).toBe('Unknown symbol ZZZZ. Pick one from the suggestions.');
  });

  it('needs a non-empty, not too long watchlist name', () => {
    expect(watchlistNameProblem('  ')).toBe('Enter a name.');
    expect(watchlistNameProblem('Tech')).toBeNull();
    expect(watchlistNameProblem('x'.repeat(51))).toBe('Use at most 50 characters.');
  });

  it('reads a trigger price greater than zero, in cents', () => {
    expect(parseTriggerPrice('$185.255')).toEqual({ price: 185.26 });
    expect(parseTriggerPrice('0')).toEqual({ problem: 'Enter a price greater than 0.' });
    expect(parseTriggerPrice('-3')).toEqual({ problem: 'Enter a price greater than 0.' });
    expect(parseTriggerPrice('abc')).toEqual({ problem: 'Enter a price greater than 0.' });
  });
});
