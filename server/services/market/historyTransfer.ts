import { INTERVALS, type Interval } from '../../../src/domain/market/candle';
import { CandleRing } from '../../../src/domain/market/candleRing';
import { DEFAULT_CAPACITY, type HistoryBase } from '../../../src/domain/market/history';
import type { Instrument } from '../../../src/domain/market/universe';

/**
 * A HistoryBase as a worker thread posts it and the history cache stores it: each ring's bars packed into a
 * Float64Array (CandleRing.packed: time, open, high, low, close, volume), which the ring is made again from with one
 * copy.
 */
export interface EncodedHistoryBase {
  seed: number;
  sessionDay: number;
  symbols: { symbol: string; logPrice: number; bars: Record<Interval, Float64Array> }[];
}

export function encodeHistoryBase(base: HistoryBase): { encoded: EncodedHistoryBase; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const symbols = base.symbols.map(({ instrument, bars, logPrice }) => {
    const flat = Object.fromEntries(
      INTERVALS.map((interval) => {
        const array = bars[interval].packed();
        transfer.push(array.buffer);
        return [interval, array];
      }),
    ) as Record<Interval, Float64Array>;
    return { symbol: instrument.symbol, logPrice, bars: flat };
  });
  return { encoded: { seed: base.seed, sessionDay: base.sessionDay, symbols }, transfer };
}

/** The base again, with rings of `capacity` (as generated) and the instruments it was generated for. */
export function decodeHistoryBase(
  encoded: EncodedHistoryBase,
  instruments: readonly Instrument[],
  capacity: Partial<Record<Interval, number>> = {},
): HistoryBase {
  const bySymbol = new Map(instruments.map((instrument) => [instrument.symbol, instrument]));
  const sizes = { ...DEFAULT_CAPACITY, ...capacity };
  const symbols = encoded.symbols.map(({ symbol, logPrice, bars }) => {
    const instrument = bySymbol.get(symbol);
    if (!instrument) throw new Error(`history of unknown symbol ${symbol}`);
    const rings = Object.fromEntries(
      INTERVALS.map((interval) => [interval, CandleRing.fromPacked(sizes[interval], bars[interval])]),
    ) as Record<Interval, CandleRing>;
    return { instrument, bars: rings, logPrice };
  });
  return { seed: encoded.seed, sessionDay: encoded.sessionDay, symbols };
}
