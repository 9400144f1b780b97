/** What instrument search needs of an instrument. */
export interface Searchable {
  symbol: string;
  name: string;
}

/**
 * Instruments matching `search`, best first: the exact symbol, then symbols starting with it, symbols
 * containing it, and company names containing it (case-insensitive); ties by symbol. An empty search
 * matches everything. At most `limit` results.
 */
export function searchInstruments<T extends Searchable>(all: Iterable<T>, search: string, limit: number): T[] {
  const needle = search.trim().toUpperCase();
  const rank = (instrument: T) => {
    if (!needle || instrument.symbol === needle) return 0;
    if (instrument.symbol.startsWith(needle)) return 1;
    if (instrument.symbol.includes(needle)) return 2;
    if (instrument.name.toUpperCase().includes(needle)) return 3;
    return -1;
  };
  return [...all]
    .map((instrument) => ({ instrument, rank: rank(instrument) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.instrument.symbol.localeCompare(b.instrument.symbol))
    .slice(0, limit)
    .map((entry) => entry.instrument);
}
