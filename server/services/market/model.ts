/** What the market service returns (the API's MarketData, Candle, Instrument and TechnicalAnalysis). */
import type { TechnicalAnalysis } from '../../../src/domain/indicators';
import type { Ohlcv } from '../../../src/domain/market/candle';
import type { MarketQuote } from '../../../src/domain/market/quote';
import type { Instrument } from '../../../src/domain/market/universe';

/** A quote with its instrument's name and sector; `timestamp` ISO-8601. */
export interface MarketData extends Omit<MarketQuote, 'timestamp'> {
  name: string;
  sector: string;
  timestamp: string;
}

/** A bar as the API sends it: `time` in epoch seconds. */
export type CandleResult = Ohlcv;

/** An instrument as a search lists it. */
export type InstrumentResult = Pick<Instrument, 'symbol' | 'name' | 'sector' | 'exchange' | 'type'>;

/** A symbol's technical analysis; `timestamp` ISO-8601. */
export interface TechnicalAnalysisResult extends Omit<TechnicalAnalysis, 'timestamp'> {
  timestamp: string;
}
