import { describe, expect, it } from 'vitest';
import { searchInstruments } from './search';

const list = [
  { symbol: 'MSFT', name: 'Microsoft Corporation' },
  { symbol: 'AAPL', name: 'Apple Inc.' },
  { symbol: 'AMAT', name: 'Applied Materials' },
  { symbol: 'A', name: 'Agilent Technologies' },
  { symbol: 'MA', name: 'Mastercard' },
];

describe('searchInstruments', () => {
  it('ranks the exact symbol, then prefixes, then symbols containing it, then company names', () => {
    expect(searchInstruments(list, 'a', 10).map((i) => i.symbol)).toEqual(['A', 'AAPL', 'AMAT', 'MA', 'MSFT']);
    expect(searchInstruments(list, 'ma', 10).map((i) => i.symbol)).toEqual(['MA', 'AMAT']);
    expect(searchInstruments(list, 'apple', 10).map((i) => i.symbol)).toEqual(['AAPL']);
  });

  it('matches everything on an empty search, sorted by symbol, up to the limit', () => {
    expect(searchInstruments(list, '  ', 3).map((i) => i.symbol)).toEqual(['A', 'AAPL', 'AMAT']);
  });

  it('finds nothing for an unknown text', () => {
    expect(searchInstruments(list, 'zzz', 10)).toEqual([]);
  });
});
