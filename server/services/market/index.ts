import { Repeater, SlidingBuffer } from 'graphql-yoga';
import { analyze } from '../../../src/domain/indicators';
import { parseInterval, type Candle, type Interval } from '../../../src/domain/market/candle';
import type { MarketQuote } from '../../../src/domain/market/quote';
import { searchInstruments } from '../../../src/domain/market/search';
import type { Instrument } from '../../../src/domain/market/universe';
import { badUserInput, notFound } from '../errors';
import type { CandleResult, InstrumentResult, MarketData, TechnicalAnalysisResult } from './model';
import type { MarketDataProvider } from './provider';
import { SYMBOL_PATTERN } from '../../../src/domain/market/symbol';

export type { CandleResult, InstrumentResult, MarketData, TechnicalAnalysisResult } from './model';
export type { Awaitable, MarketDataProvider, QuoteListener } from './provider';
export { SimulatedMarket, type SimulatedMarketOptions } from './simulator';
export {
  SIMULATOR_TICK_MS,
  startMarket,
  startMarketInBackground,
  startSimulatedMarket,
  type RunningMarket,
} from './createMarket';

/** Most symbols one marketDataBatch or marketDataUpdates call may ask for. */
export const MAX_SYMBOLS_PER_CALL = 100;
/** Most candles one call returns. */
export const MAX_CANDLES = 2000;
/** candles(limit) default, and the daily bars technicalAnalysis reads: exactly what candles(symbol, "1D") returns. */
export const DEFAULT_CANDLE_LIMIT = 300;
/** Most instruments one search returns. */
export const MAX_INSTRUMENTS = 100;
/** Quotes a marketDataUpdates subscriber may fall behind by before the oldest are dropped. */
export const QUOTE_BUFFER = 256;

/** Upper-cases and checks a ticker's shape (1–10 of A–Z, 0–9, '.', '-', starting with a letter). */
export function normalizeSymbol(symbol: string): string {
  const normalized = symbol.trim().toUpperCase();
  if (!SYMBOL_PATTERN.test(normalized)) throw badUserInput(`Invalid symbol: "${symbol.slice(0, 20)}"`);
  return normalized;
}

/** Checks a symbol list: 1–MAX_SYMBOLS_PER_CALL well-formed symbols; returns them normalized and deduplicated. */
export function normalizeSymbols(symbols: readonly string[]): string[] {
  if (symbols.length === 0) throw badUserInput('Give at least one symbol');
  if (symbols.length > MAX_SYMBOLS_PER_CALL) throw badUserInput(`At most ${MAX_SYMBOLS_PER_CALL} symbols per call`);
  return [...new Set(symbols.map(normalizeSymbol))];
}

function toMarketData(quote: MarketQuote, instrument: Instrument | undefined): MarketData {
  return {
    symbol: quote.symbol,
    name: instrument?.name ?? quote.symbol,
    sector: instrument?.sector ?? '',
    price: quote.price,
    volume: quote.volume,
    timestamp: new Date(quote.timestamp).toISOString(),
    bid: quote.bid,
    ask: quote.ask,
    change: quote.change,
    changePercent: quote.changePercent,
    high: quote.high,
    low: quote.low,
    open: quote.open,
    previousClose: quote.previousClose,
    marketCap: quote.marketCap,
    avgVolume: quote.avgVolume,
  };
}

function toCandleResult(candle: Candle): CandleResult {
  return { ...candle, time: Math.floor(candle.time / 1000) };
}

function toInstrumentResult(instrument: Instrument): InstrumentResult {
  const { symbol, name, sector, exchange, type } = instrument;
  return { symbol, name, sector, exchange, type };
}

/**
 * The market resolvers' service over a MarketDataProvider: validated inputs (BAD_USER_INPUT), quotes with
 * their instrument's name and sector, candles in epoch seconds, technical analysis over exactly the daily
 * candles `candles(symbol, "1D")` returns, instrument search and quote streams for subscriptions.
 */
export function createMarketService(provider: MarketDataProvider, now: () => Date) {
  let instrumentIndex: Promise<Map<string, Instrument>> | undefined;
  const instruments = () =>
    (instrumentIndex ??= Promise.resolve(provider.getInstruments()).then(
      (list) => new Map(list.map((instrument) => [instrument.symbol, instrument])),
    ));

  const dailyCandles = async (symbol: string, limit: number) => {
    const normalized = normalizeSymbol(symbol);
    if (!(await instruments()).has(normalized)) throw notFound(`Symbol ${normalized}`);
    return provider.getCandles(normalized, '1D', limit);
  };

  const service = {
    provider,
    /** The universe, keyed by symbol. */
    instruments,
    async quote(symbol: string): Promise<MarketData | null> {
      const normalized = normalizeSymbol(symbol);
      const quote = await provider.getQuote(normalized);
      return quote ? toMarketData(quote, (await instruments()).get(quote.symbol)) : null;
    },
    async quotes(symbols: readonly string[]): Promise<MarketData[]> {
      const list = normalizeSymbols(symbols);
      const index = await instruments();
      return (await provider.getQuotes(list)).map((quote) => toMarketData(quote, index.get(quote.symbol)));
    },
    /** Raw quotes of the whole universe (dashboard and market conditions). */
    async universeQuotes(): Promise<MarketQuote[]> {
      return provider.getQuotes([...(await instruments()).keys()]);
    },
    async candles(symbol: string, intervalName: string, limit: number | null | undefined): Promise<CandleResult[]> {
      const interval: Interval | null = parseInterval(intervalName);
      if (!interval) throw badUserInput(`Unknown interval "${intervalName.slice(0, 20)}": use 1m, 5m, 15m, 1h or 1D`);
      const count = limit ?? DEFAULT_CANDLE_LIMIT;
      if (!Number.isInteger(count) || count < 1 || count > MAX_CANDLES)
        throw badUserInput(`limit must be an integer from 1 to ${MAX_CANDLES}`);
      const normalized = normalizeSymbol(symbol);
      if (!(await instruments()).has(normalized)) throw notFound(`Symbol ${normalized}`);
      return (await provider.getCandles(normalized, interval, count)).map(toCandleResult);
    },
    /** Daily bars, oldest first (breadth's 52-week ranges, the indices' history). */
    dailyCandles,
    async technicalAnalysis(symbol: string): Promise<TechnicalAnalysisResult | null> {
      const normalized = normalizeSymbol(symbol);
      if (!(await instruments()).has(normalized)) return null;
      const candles = await provider.getCandles(normalized, '1D', DEFAULT_CANDLE_LIMIT);
      const result = analyze(candles, now().getTime());
      return {
        ...result,
        symbol: normalized,
        timestamp: new Date(result.timestamp).toISOString(),
        signals: result.signals.map((signal) => ({ ...signal })),
      };
    },
    async searchInstruments(search: string | null | undefined, limit: number | null | undefined) {
      const count = limit ?? 20;
      if (!Number.isInteger(count) || count < 1 || count > MAX_INSTRUMENTS)
        throw badUserInput(`limit must be an integer from 1 to ${MAX_INSTRUMENTS}`);
      const needle = (search ?? '').trim().toUpperCase();
      if (needle.length > 50) throw badUserInput('search must be at most 50 characters');
      return searchInstruments((await instruments()).values(), needle, count).map(toInstrumentResult);
    },
    /**
     * Each new quote of `symbols` (validated; at least one must be known) until the consumer stops; a slow
     * consumer loses its oldest quotes beyond QUOTE_BUFFER rather than growing memory.
     */
    async updates(symbols: readonly string[]): Promise<AsyncIterable<MarketData>> {
      const list = normalizeSymbols(symbols);
      const index = await instruments();
      const unknown = list.filter((symbol) => !index.has(symbol));
      if (unknown.length === list.length) throw badUserInput(`Unknown symbol: ${unknown.join(', ').slice(0, 200)}`);
      return new Repeater<MarketData>(async (push, stop) => {
        const unsubscribe = provider.subscribe(list, (quote) => {
          void push(toMarketData(quote, index.get(quote.symbol)));
        });
        await stop;
        unsubscribe();
      }, new SlidingBuffer(QUOTE_BUFFER));
    },
  };
  return service;
}

export type MarketService = ReturnType<typeof createMarketService>;
