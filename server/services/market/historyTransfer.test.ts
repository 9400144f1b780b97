import { describe, expect, it } from 'vitest';
import { currentOrLastSessionDay } from '../../../src/domain/market/calendar';
import { INTERVALS } from '../../../src/domain/market/candle';
import { finishHistory, generateHistoryBase } from '../../../src/domain/market/history';
import { findInstrument } from '../../../src/domain/market/universe';
import { decodeHistoryBase, encodeHistoryBase } from './historyTransfer';
import { SimulatedMarket } from './simulator';

const instruments = ['AAPL', 'KO'].map((symbol) => findInstrument(symbol)!);
const WEDNESDAY_1131 = Date.parse('2026-11-18T16:31:25Z');
const options = { seed: 'transfer', sessionDay: currentOrLastSessionDay(WEDNESDAY_1131), instruments };

describe('history base sent from a worker thread', () => {
  it('decodes to the base that was encoded', () => {
    const base = generateHistoryBase(options);
    const decoded = decodeHistoryBase(structuredClone(encodeHistoryBase(base).encoded), instruments);
    expect(decoded.sessionDay).toBe(base.sessionDay);
    expect(decoded.seed).toBe(base.seed);
    expect(decoded.symbols.map((s) => [s.instrument, s.logPrice])).toEqual(
      base.symbols.map((s) => [s.instrument, s.logPrice]),
    );
    for (const [i, symbol] of base.symbols.entries()) {
      for (const interval of INTERVALS) {
        expect(decoded.symbols[i]!.bars[interval].toArray()).toEqual(symbol.bars[interval].toArray());
        expect(decoded.symbols[i]!.bars[interval].capacity).toBe(symbol.bars[interval].capacity);
      }
    }
  });

  it('makes the same market as generating the history in place', () => {
    const encoded = encodeHistoryBase(generateHistoryBase(options)).encoded;
    const history = finishHistory(decodeHistoryBase(encoded, instruments), WEDNESDAY_1131);
    const market = { seed: 'transfer', now: WEDNESDAY_1131, alwaysOpen: true, instruments };
    const inPlace = new SimulatedMarket(market);
    const fromWorker = new SimulatedMarket({ ...market, history });
    expect(fromWorker.getQuotes(['AAPL', 'KO'])).toEqual(inPlace.getQuotes(['AAPL', 'KO']));
    for (let s = 1; s <= 5; s++) {
      expect(fromWorker.tick(WEDNESDAY_1131 + s * 1000)).toEqual(inPlace.tick(WEDNESDAY_1131 + s * 1000));
    }
    expect(fromWorker.getCandles('KO', '1m', 50)).toEqual(inPlace.getCandles('KO', '1m', 50));
  });
});
