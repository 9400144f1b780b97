import { DAY_MS } from '../../../../src/domain/market/calendar';
import type { Candle, Interval } from '../../../../src/domain/market/candle';
import { roundCents } from '../../../../src/domain/market/money';
import { buildQuote, type MarketQuote } from '../../../../src/domain/market/quote';
import { UNIVERSE, type Instrument } from '../../../../src/domain/market/universe';
import type { MarketDataProvider, QuoteListener } from '../provider';
import {
  createAlpacaRest,
  type AlpacaBar,
  type AlpacaRest,
  type AlpacaSnapshot,
  type AlpacaTimeframe,
  type AlpacaCredentials,
} from './rest';
import { AlpacaStream, type StreamQuote, type StreamTrade } from './stream';

export interface AlpacaMarketOptions extends AlpacaCredentials {
  dataUrl: string;
  streamUrl: string;
  feed?: string;
  /** The symbols offered (names, sectors, shares outstanding for market cap); defaults to the app's universe. */
  instruments?: readonly Instrument[];
  /** A snapshot is reused this long (ms) for symbols not kept live by the stream. */
  snapshotTtlMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

const TIMEFRAMES: Readonly<Record<Interval, AlpacaTimeframe>> = {
  '1m': '1Min',
  '5m': '5Min',
  '15m': '15Min',
  '1h': '1Hour',
  '1D': '1Day',
};
/** Regular-session bars per trading day. */
const BARS_PER_SESSION: Readonly<Record<Interval, number>> = { '1m': 390, '5m': 78, '15m': 26, '1h': 7, '1D': 1 };
/** Symbols per multi-symbol request (URL length). */
const SYMBOLS_PER_REQUEST = 100;

/** Start early enough for `limit` regular-session bars: trading days → calendar days (7/5) plus holidays. */
export function barsStart(now: number, interval: Interval, limit: number): string {
  const sessions = Math.ceil(limit / BARS_PER_SESSION[interval]) + 1;
  const days = Math.ceil(((sessions * 7) / 5) * 1.05) + 15;
  return new Date(now - days * DAY_MS).toISOString();
}

export function toCandle(bar: AlpacaBar): Candle {
  return { time: Date.parse(bar.t), open: bar.o, high: bar.h, low: bar.l, close: bar.c, volume: bar.v };
}

/**
 * A quote from an Alpaca snapshot: price = latest trade (else the daily close), bid/ask = latest quote (the
 * price when absent), open/high/low/volume = today's daily bar, previousClose = the previous daily bar's
 * close; market cap from the instrument's shares outstanding, avgVolume its typical daily volume.
 */
export function quoteFromSnapshot(instrument: Instrument, snapshot: AlpacaSnapshot): MarketQuote | undefined {
  const daily = snapshot.dailyBar ?? undefined;
  const price = snapshot.latestTrade?.p ?? daily?.c;
  if (price === undefined) return undefined;
  const times = [snapshot.latestTrade?.t, snapshot.latestQuote?.t, daily?.t].filter((t): t is string => !!t);
  const quote = buildQuote({
    symbol: instrument.symbol,
    price: roundCents(price),
    open: daily?.o ?? price,
    high: Math.max(daily?.h ?? price, price),
    low: Math.min(daily?.l ?? price, price),
    previousClose: snapshot.prevDailyBar?.c ?? daily?.o ?? price,
    volume: daily?.v ?? 0,
    avgVolume: instrument.avgDailyVolume,
    sharesOutstanding: instrument.sharesOutstanding,
    timestamp: Math.max(0, ...times.map((t) => Date.parse(t))),
  });
  const bid = snapshot.latestQuote?.bp;
  const ask = snapshot.latestQuote?.ap;
  return { ...quote, bid: bid && bid > 0 ? bid : quote.price, ask: ask && ask > 0 ? ask : quote.price };
}

interface LiveQuote {
  quote: MarketQuote;
  fetchedAt: number;
}

/**
 * Where the live quotes of the symbols subscribed in this process come from: its own stream (the default) or,
 * with several processes, the one stream the leader holds for all of them (sharedStream.ts).
 */
export interface LiveFeed {
  add(symbols: readonly string[]): void;
  remove(symbols: readonly string[]): void;
}

/**
 * Market data from Alpaca (MARKET_PROVIDER=alpaca): candles from the REST bars endpoints (one symbol, or
 * many at once when several are asked in the same turn), quotes from snapshots, and live quotes from the
 * WebSocket stream for the symbols someone subscribed to (trades move price, high, low and volume; quotes
 * move bid and ask). Open/closed follows the regular-hours calendar.
 */
export class AlpacaMarketData implements MarketDataProvider {
  readonly name = 'alpaca';
  readonly rest: AlpacaRest;
  /** This process's own stream (unused once `useFeed` hands the live quotes to another feed). */
  readonly stream: AlpacaStream;
  private readonly streamOptions: Pick<AlpacaMarketOptions, 'streamUrl' | 'keyId' | 'secretKey'>;
  private feed: LiveFeed;
  private readonly instruments: readonly Instrument[];
  private readonly bySymbol: Map<string, Instrument>;
  private readonly quotes = new Map<string, LiveQuote>();
  private readonly listeners = new Map<string, Set<QuoteListener>>();
  private readonly ttl: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;
  private pendingBars = new Map<
    string,
    {
      interval: Interval;
      limit: number;
      symbols: Map<string, ((c: Candle[]) => void)[]>;
      reject: ((e: unknown) => void)[];
    }
  >();

  constructor(options: AlpacaMarketOptions) {
    this.instruments = options.instruments ?? UNIVERSE;
    this.bySymbol = new Map(this.instruments.map((i) => [i.symbol, i]));
    this.ttl = options.snapshotTtlMs ?? 5000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
    this.rest = createAlpacaRest({ ...options, feed: options.feed });
    this.streamOptions = { streamUrl: options.streamUrl, keyId: options.keyId, secretKey: options.secretKey };
    this.feed = this.stream = this.openStream();
  }

  /**
   * A new connection to the stream (opened on its first `add`) whose trades and quotes move this provider's quotes
   * and reach its subscribers; each quote built is also passed to `onBuilt` (the leader shares it).
   */
  openStream(onBuilt?: (quote: MarketQuote) => void): AlpacaStream {
    return new AlpacaStream({
      url: this.streamOptions.streamUrl,
      keyId: this.streamOptions.keyId,
      secretKey: this.streamOptions.secretKey,
      onTrade: (trade) => this.built(this.tradeQuote(trade), onBuilt),
      onQuote: (quote) => this.built(this.streamQuote(quote), onBuilt),
      onError: this.onError,
    });
  }

  /** From now on the subscribed symbols are asked of `feed` instead of this process's own stream, which closes. */
  useFeed(feed: LiveFeed): void {
    this.stream.close();
    this.feed = feed;
    const subscribed = [...this.listeners.keys()];
    if (subscribed.length > 0) feed.add(subscribed);
  }

  /**
   * A live quote built elsewhere (the leader's stream): kept and passed to this process's subscribers, unless
   * older than the quote held.
   */
  receiveQuote(quote: MarketQuote): void {
    if (!this.bySymbol.has(quote.symbol)) return;
    const held = this.quotes.get(quote.symbol);
    if (held && quote.timestamp < held.quote.timestamp) return;
    this.publish(quote);
  }

  /** Loads the snapshots of the symbols among `symbols` not quoted yet: the stream's trades move a quote that exists. */
  loadMissingQuotes(symbols: readonly string[]): void {
    const missing = symbols.filter((s) => !this.quotes.has(s));
    if (missing.length > 0) void this.getQuotes(missing).catch(this.onError);
  }

  getInstruments(): readonly Instrument[] {
    return this.instruments;
  }

  async getQuote(symbol: string): Promise<MarketQuote | undefined> {
    return (await this.getQuotes([symbol]))[0];
  }

  async getQuotes(symbols: readonly string[]): Promise<MarketQuote[]> {
    const keys = symbols.map(normalize).filter((s) => this.bySymbol.has(s));
    const now = this.now();
    const stale = [...new Set(keys)].filter((s) => {
      const live = this.quotes.get(s);
      return !live || (!this.listeners.has(s) && now - live.fetchedAt >= this.ttl);
    });
    for (let i = 0; i < stale.length; i += SYMBOLS_PER_REQUEST) {
      const chunk = stale.slice(i, i + SYMBOLS_PER_REQUEST);
      const snapshots = await this.rest.snapshots(chunk);
      for (const symbol of chunk) {
        const snapshot = snapshots[symbol];
        const quote = snapshot && quoteFromSnapshot(this.bySymbol.get(symbol)!, snapshot);
        if (quote) this.quotes.set(symbol, { quote, fetchedAt: now });
      }
    }
    return keys.flatMap((s) => {
      const live = this.quotes.get(s);
      return live ? [live.quote] : [];
    });
  }

  /** Newest `limit` bars, oldest first. Requests of the same interval and limit in one turn share one call. */
  getCandles(symbol: string, interval: Interval, limit: number): Promise<Candle[]> {
    const key = normalize(symbol);
    if (!this.bySymbol.has(key) || !(limit > 0)) return Promise.resolve([]);
    const batchKey = `${interval}:${Math.floor(limit)}`;
    let batch = this.pendingBars.get(batchKey);
    if (!batch) {
      batch = { interval, limit: Math.floor(limit), symbols: new Map(), reject: [] };
      this.pendingBars.set(batchKey, batch);
      setImmediate(() => void this.flushBars(batchKey));
    }
    const pending = batch;
    return new Promise((resolve, reject) => {
      const waiters = pending.symbols.get(key) ?? [];
      waiters.push(resolve);
      pending.symbols.set(key, waiters);
      pending.reject.push(reject);
    });
  }

  subscribe(symbols: readonly string[], listener: QuoteListener): () => void {
    const keys = [...new Set(symbols.map(normalize))].filter((s) => this.bySymbol.has(s));
    const added: string[] = [];
    for (const key of keys) {
      let set = this.listeners.get(key);
      if (!set) {
        this.listeners.set(key, (set = new Set()));
        added.push(key);
      }
      set.add(listener);
    }
    if (added.length > 0) {
      this.feed.add(added);
      this.loadMissingQuotes(added);
    }
    return () => {
      const dropped: string[] = [];
      for (const key of keys) {
        const set = this.listeners.get(key);
        set?.delete(listener);
        if (set?.size === 0) {
          this.listeners.delete(key);
          dropped.push(key);
        }
      }
      if (dropped.length > 0) this.feed.remove(dropped);
    };
  }

  stop(): void {
    this.stream.close();
  }

  private async flushBars(batchKey: string): Promise<void> {
    const batch = this.pendingBars.get(batchKey);
    this.pendingBars.delete(batchKey);
    if (!batch) return;
    const { interval, limit } = batch;
    const timeframe = TIMEFRAMES[interval];
    const start = barsStart(this.now(), interval, limit);
    try {
      const symbols = [...batch.symbols.keys()];
      const results = new Map<string, Candle[]>();
      if (symbols.length === 1) {
        const symbol = symbols[0]!;
        const bars = await this.rest.bars(symbol, { timeframe, start, limit, sort: 'desc' });
        results.set(symbol, bars.map(toCandle).reverse());
      } else {
        for (let i = 0; i < symbols.length; i += SYMBOLS_PER_REQUEST) {
          const chunk = symbols.slice(i, i + SYMBOLS_PER_REQUEST);
          const bars = await this.rest.multiBars(chunk, { timeframe, start, limit: limit * chunk.length });
          for (const symbol of chunk) results.set(symbol, (bars[symbol] ?? []).map(toCandle).slice(-limit));
        }
      }
      for (const [symbol, waiters] of batch.symbols) for (const resolve of waiters) resolve(results.get(symbol) ?? []);
    } catch (error) {
      for (const reject of batch.reject) reject(error);
    }
  }

  private built(quote: MarketQuote | undefined, onBuilt: ((quote: MarketQuote) => void) | undefined): void {
    if (!quote) return;
    this.publish(quote);
    onBuilt?.(quote);
  }

  private tradeQuote(trade: StreamTrade): MarketQuote | undefined {
    const live = this.quotes.get(trade.S);
    const instrument = this.bySymbol.get(trade.S);
    if (!live || !instrument) return undefined;
    const previous = live.quote;
    const price = roundCents(trade.p);
    const quote = buildQuote({
      symbol: previous.symbol,
      price,
      open: previous.open,
      high: Math.max(previous.high, price),
      low: Math.min(previous.low, price),
      previousClose: previous.previousClose,
      volume: previous.volume + trade.s,
      avgVolume: previous.avgVolume,
      sharesOutstanding: instrument.sharesOutstanding,
      timestamp: Date.parse(trade.t),
    });
    return { ...quote, bid: previous.bid, ask: previous.ask };
  }

  private streamQuote(message: StreamQuote): MarketQuote | undefined {
    const live = this.quotes.get(message.S);
    if (!live) return undefined;
    const timestamp = Date.parse(message.t);
    return {
      ...live.quote,
      bid: message.bp > 0 ? message.bp : live.quote.bid,
      ask: message.ap > 0 ? message.ap : live.quote.ask,
      timestamp: Number.isNaN(timestamp) ? live.quote.timestamp : timestamp,
    };
  }

  private publish(quote: MarketQuote): void {
    this.quotes.set(quote.symbol, { quote, fetchedAt: this.now() });
    const set = this.listeners.get(quote.symbol);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(quote);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

function normalize(symbol: string): string {
  return symbol.trim().toUpperCase();
}
