import type { Candle, Interval } from '../../../src/domain/market/candle';
import type { MarketQuote } from '../../../src/domain/market/quote';
import type { Instrument } from '../../../src/domain/market/universe';

/** A value now or later: the simulator answers synchronously, network-backed providers with a promise. */
export type Awaitable<T> = T | Promise<T>;

export type QuoteListener = (quote: MarketQuote) => void;

/**
 * Source of market data for the app (spec §3 MarketData; issue 5 "market data service"). The embedded
 * default is the seeded simulator; real-data adapters implement the same interface. Symbols are matched
 * case-insensitively; unknown symbols yield `undefined` / are left out / give no candles.
 */
export interface MarketDataProvider {
  /** Short identifier for logs and health reports, e.g. 'simulator'. */
  readonly name: string;
  /** The tradable universe (symbol, name, sector, exchange, …). */
  getInstruments(): Awaitable<readonly Instrument[]>;
  getQuote(symbol: string): Awaitable<MarketQuote | undefined>;
  /** Quotes for the known symbols among `symbols`, in the order asked. */
  getQuotes(symbols: readonly string[]): Awaitable<MarketQuote[]>;
  /** The newest `limit` bars of `interval`, oldest first; the last one is still forming while the market is open. */
  getCandles(symbol: string, interval: Interval, limit: number): Awaitable<Candle[]>;
  /**
   * Whether the market trades at instant `now` (epoch ms) as this provider sees it (the simulator with
   * MARKET_HOURS=always is always open); without it, the regular-hours calendar decides.
   */
  isOpen?(now: number): boolean;
  /** Calls `listener` with each new quote of any of `symbols`; returns the function that unsubscribes. */
  subscribe(symbols: readonly string[], listener: QuoteListener): () => void;
}
