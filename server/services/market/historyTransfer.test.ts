import { describe, expect, it } from 'vitest';
import { INTERVALS } from '../../../src/domain/market/candle';
import { generateHistory } from '../../../src/domain/market/history';
import { findInstrument } from '../../../src/domain/market/universe';
import { decodeHistory, encodeHistory } from './historyTransfer';
import { SimulatedMarket } from './simulator';

const instruments = ['AAPL', 'KO'].map((symbol) => findInstrument(symbol)!);
const WEDNESDAY_1131 = Date.parse('2026-11-18T16:31:25Z');

describe('history sent from a worker thread', () => {
  it('decodes to the history that was encoded', () => {
    const history = generateHistory({ seed: 'transfer', now: WEDNESDAY_1131, instruments });
    const decoded = decodeHistory(structuredClone(encodeHistory(history).encoded), instruments);
    expect(decoded.sessionDay).toBe(history.sessionDay);
    expect(decoded.symbols.map((s) => [s.instrument, s.logPrice])).toEqual(
      history.symbols.map((s) => [s.instrument, s.logPrice]),
    );
    for (const [i, symbol] of history.symbols.entries()) {
      for (const interval of INTERVALS) {
        expect(decoded.symbols[i]!.bars[interval].toArray()).toEqual(symbol.bars[interval].toArray());
        expect(decoded.symbols[i]!.bars[interval].capacity).toBe(symbol.bars[interval].capacity);
      }
    }
  });

  it('makes the same market as generating the history in place', () => {
    const options = { seed: 'transfer', now: WEDNESDAY_1131, alwaysOpen: true, instruments };
    const history = decodeHistory(encodeHistory(generateHistory(options)).encoded, instruments);
    const inPlace = new SimulatedMarket(options);
    const fromWorker = new SimulatedMarket({ ...options, history });
    expect(fromWorker.getQuotes(['AAPL', 'KO'])).toEqual(inPlace.getQuotes(['AAPL', 'KO']));
    for (let s = 1; s <= 5; s++) {
      expect(fromWorker.tick(WEDNESDAY_1131 + s * 1000)).toEqual(inPlace.tick(WEDNESDAY_1131 + s * 1000));
    }
    expect(fromWorker.getCandles('KO', '1m', 50)).toEqual(inPlace.getCandles('KO', '1m', 50));
  });
});
