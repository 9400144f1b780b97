import { INTERVALS, type Interval } from '../../../src/domain/market/candle';
import { CandleRing } from '../../../src/domain/market/candleRing';
import { DEFAULT_CAPACITY, type MarketHistory } from '../../../src/domain/market/history';
import type { Instrument } from '../../../src/domain/market/universe';

/** A MarketHistory as a worker thread posts it: bars as flat Float64Arrays (time, open, high, low, close, volume). */
export interface EncodedHistory {
  seed: number;
  now: number;
  sessionDay: number;
  sessionInProgress: boolean;
  symbols: { symbol: string; logPrice: number; bars: Record<Interval, Float64Array> }[];
}

const FIELDS = 6;

export function encodeHistory(history: MarketHistory): { encoded: EncodedHistory; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const symbols = history.symbols.map(({ instrument, bars, logPrice }) => {
    const flat = Object.fromEntries(
      INTERVALS.map((interval) => {
        const candles = bars[interval].toArray();
        const array = new Float64Array(candles.length * FIELDS);
        candles.forEach(({ time, open, high, low, close, volume }, i) =>
          array.set([time, open, high, low, close, volume], i * FIELDS),
        );
        transfer.push(array.buffer);
        return [interval, array];
      }),
    ) as Record<Interval, Float64Array>;
    return { symbol: instrument.symbol, logPrice, bars: flat };
  });
  const { seed, now, sessionDay, sessionInProgress } = history;
  return { encoded: { seed, now, sessionDay, sessionInProgress, symbols }, transfer };
}

/** The history again, with rings of `capacity` (as generated) and the instruments it was generated for. */
export function decodeHistory(
  encoded: EncodedHistory,
  instruments: readonly Instrument[],
  capacity: Partial<Record<Interval, number>> = {},
): MarketHistory {
  const bySymbol = new Map(instruments.map((instrument) => [instrument.symbol, instrument]));
  const sizes = { ...DEFAULT_CAPACITY, ...capacity };
  const symbols = encoded.symbols.map(({ symbol, logPrice, bars }) => {
    const instrument = bySymbol.get(symbol);
    if (!instrument) throw new Error(`history of unknown symbol ${symbol}`);
    const rings = Object.fromEntries(
      INTERVALS.map((interval) => {
        const ring = new CandleRing(sizes[interval]);
        const array = bars[interval];
        for (let i = 0; i < array.length; i += FIELDS) {
          ring.push({
            time: array[i]!,
            open: array[i + 1]!,
            high: array[i + 2]!,
            low: array[i + 3]!,
            close: array[i + 4]!,
            volume: array[i + 5]!,
          });
        }
        return [interval, ring];
      }),
    ) as Record<Interval, CandleRing>;
    return { instrument, bars: rings, logPrice };
  });
  const { seed, now, sessionDay, sessionInProgress } = encoded;
  return { seed, now, sessionDay, sessionInProgress, symbols };
}
