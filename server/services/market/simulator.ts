import {
  easternDayNumber,
  isMarketOpen,
  MINUTE_MS,
  sessionMinutesOf,
  sessionOpenOf,
} from '../../../src/domain/market/calendar';
import { bucketStart, INTERVALS, type Candle, type Interval } from '../../../src/domain/market/candle';
import type { CandleRing } from '../../../src/domain/market/candleRing';
import { generateHistory, type MarketHistory } from '../../../src/domain/market/history';
import {
  idiosyncraticVolatility,
  MARKET_VOLATILITY,
  MEAN_REVERSION_PER_YEAR,
  minuteVolumeProfile,
  OFF_HOURS_MINUTE_SHARE,
  overnightYears,
  sessionYears,
} from '../../../src/domain/market/model';
import { priceFromLog } from '../../../src/domain/market/money';
import { hashString, type Rng, streamOf } from '../../../src/domain/market/prng';
import { buildQuote, type MarketQuote } from '../../../src/domain/market/quote';
import { UNIVERSE, type Instrument } from '../../../src/domain/market/universe';
import type { MarketTick, TickEntry } from '../../../src/domain/market/marketTick';
import type { MarketDataProvider, QuoteListener } from './provider';

export interface SimulatedMarketOptions {
  /** MARKET_SEED: with the same seed and start time the history and the quotes are the same. */
  seed: number | string;
  /** Start time (epoch ms): history is generated up to here and the live quotes continue from it. */
  now: number;
  /** MARKET_HOURS=always: tick at any hour (demos, tests). Otherwise only during the regular session. */
  alwaysOpen?: boolean;
  instruments?: readonly Instrument[];
  /** Bars kept per interval; defaults to DEFAULT_CAPACITY of the history generator. */
  capacity?: Partial<Record<Interval, number>>;
  /** Receives errors thrown by subscribers (which never stop a tick or reach other subscribers). */
  onListenerError?: (error: unknown) => void;
  /**
   * The history, already generated (e.g. on a worker thread, generateHistoryInWorker) with the same seed,
   * now, instruments and capacity; generated here when absent.
   */
  history?: MarketHistory;
}

/** Complete sessions averaged into a quote's `avgVolume`. */
export const AVERAGE_VOLUME_SESSIONS = 30;
/** A tick never simulates more than this much trading time (e.g. after the process slept). */
export const MAX_TICK_SECONDS = 3600;

interface SymbolState {
  instrument: Instrument;
  bars: Record<Interval, CandleRing>;
  logReference: number;
  idiosyncratic: number;
  logPrice: number;
  /** `logPrice` rounded to cents: the quote's price and the newest bars' close. */
  price: number;
  previousClose: number;
  avgVolume: number;
}

/**
 * The embedded market: a seeded simulator of the universe that keeps every interval's bars and a live quote
 * per symbol, and advances them with {@link SimulatedMarket.tick} (about once a second via `start`).
 *
 * - Construction generates the history up to `now` (see generateHistory); the newest bar's close is the
 *   live price.
 * - A tick moves each log price by the one-factor model over the trading time elapsed since the previous
 *   tick (capped at MAX_TICK_SECONDS): one shared market draw, one own draw per symbol. The first tick of a
 *   new session first applies an overnight gap. Volume arrives at the typical rate for that minute of the
 *   session (U-shaped profile) with noise. Each tick updates the forming bar of every interval identically,
 *   so intraday bars keep aggregating exactly into the daily bar.
 * - Outside regular hours ticks change nothing, unless `alwaysOpen`.
 * - Memory is bounded: each interval is a ring of fixed capacity (history's DEFAULT_CAPACITY:
 *   1950 × 1m, 780 × 5m, 520 × 15m, 210 × 1h, 756 × 1D per symbol); listeners are held only while subscribed.
 * - Quote prices are rounded to cents; volumes are whole shares.
 */
export class SimulatedMarket implements MarketDataProvider {
  readonly name = 'simulator';
  readonly alwaysOpen: boolean;
  private readonly instruments: readonly Instrument[];
  private readonly states = new Map<string, SymbolState>();
  private readonly listeners = new Map<string, Set<QuoteListener>>();
  private readonly rng: Rng;
  private readonly onListenerError: ((error: unknown) => void) | undefined;
  private onTick: ((tick: MarketTick) => void) | undefined;
  private lastTick: number;
  /** ET day number of the session the newest daily bars belong to. */
  private sessionDay: number;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: SimulatedMarketOptions) {
    const history =
      options.history ??
      generateHistory({
        seed: options.seed,
        now: options.now,
        instruments: options.instruments ?? UNIVERSE,
        capacity: options.capacity,
      });
    this.alwaysOpen = options.alwaysOpen ?? false;
    this.onListenerError = options.onListenerError;
    this.lastTick = options.now;
    this.sessionDay = history.sessionDay;
    this.rng = streamOf(history.seed, hashString('$LIVE'), Math.floor(options.now / 1000));
    this.instruments = history.symbols.map((s) => s.instrument);
    for (const { instrument, bars, logPrice } of history.symbols) {
      const daily = bars['1D'];
      const price = priceFromLog(logPrice);
      this.states.set(instrument.symbol, {
        instrument,
        bars,
        logReference: Math.log(instrument.referencePrice),
        idiosyncratic: idiosyncraticVolatility(instrument),
        logPrice,
        price,
        previousClose: daily.fromEnd(1)?.close ?? daily.last()?.open ?? price,
        avgVolume: averageVolume(daily, 1, instrument.avgDailyVolume),
      });
    }
  }

  /** Whether ticks move prices at instant `now`. */
  isOpen(now: number): boolean {
    return this.alwaysOpen || isMarketOpen(now);
  }

  /**
   * Advances the market to `now` and notifies subscribers; returns the new quotes (none when `now` is not
   * after the previous tick or the market is closed).
   */
  tick(now: number): MarketQuote[] {
    const previous = this.lastTick;
    if (!(now > previous)) return [];
    this.lastTick = now;
    if (!this.isOpen(now)) return [];

    const day = easternDayNumber(now);
    const sessionOpen = sessionOpenOf(day);
    const from = this.alwaysOpen ? previous : Math.max(previous, sessionOpen);
    const seconds = Math.min(MAX_TICK_SECONDS, Math.max(0, (now - from) / 1000));
    const years = sessionYears(seconds);
    const sqrtYears = Math.sqrt(years);
    const buckets = INTERVALS.map((interval) => bucketStart(now, interval));
    const length = sessionMinutesOf(day);
    const minute = Math.floor((now - sessionOpen) / MINUTE_MS);
    const volumeShare = minute >= 0 && minute < length ? minuteVolumeProfile(length)[minute]! : OFF_HOURS_MINUTE_SHARE;
    const newSession = day !== this.sessionDay;
    const marketGap = newSession ? MARKET_VOLATILITY * Math.sqrt(overnightYears()) * this.rng.normal() : 0;
    const marketStep = MARKET_VOLATILITY * sqrtYears * this.rng.normal();
    this.sessionDay = day;

    const quotes: MarketQuote[] = [];
    const entries: TickEntry[] = [];
    for (const state of this.states.values()) {
      const { instrument } = state;
      if (newSession) {
        state.avgVolume = averageVolume(state.bars['1D'], 0, state.avgVolume);
        state.previousClose = state.price;
        const gapYears = overnightYears();
        state.logPrice +=
          instrument.beta * marketGap +
          state.idiosyncratic * Math.sqrt(gapYears) * this.rng.normal() +
          MEAN_REVERSION_PER_YEAR * (state.logReference - state.logPrice) * gapYears;
      }
      state.logPrice +=
        instrument.beta * marketStep +
        state.idiosyncratic * sqrtYears * this.rng.normal() +
        MEAN_REVERSION_PER_YEAR * (state.logReference - state.logPrice) * years;
      const expected = state.avgVolume * volumeShare * (seconds / 60) * Math.exp(0.5 * this.rng.normal() - 0.125);
      const volume = Math.floor(expected) + (this.rng.next() < expected % 1 ? 1 : 0);
      const quote = this.move(state, buckets, state.logPrice, volume);
      quotes.push(quote);
      if (this.onTick) entries.push(tickEntry(state, volume));
    }
    this.onTick?.({ at: now, sessionDay: day, entries });
    return quotes;
  }

  /** Calls `listener` with every tick this market makes from now on (one listener; undefined removes it). */
  setTickListener(listener: ((tick: MarketTick) => void) | undefined): void {
    this.onTick = listener;
  }

  /**
   * Applies a tick another process's market made (the leader's, ./sharedTicks.ts) instead of drawing one: each
   * symbol's price, its session's open/high/low/volume, previous close and average volume become the leader's, and
   * the bars accumulate the tick as the leader's did, so the quotes here equal the leader's and a process taking
   * over continues from them. Ticks not after the newest one applied (repeated or late) change nothing; returns
   * the new quotes.
   */
  applyTick(tick: MarketTick): MarketQuote[] {
    if (!(tick.at > this.lastTick)) return [];
    this.lastTick = tick.at;
    this.sessionDay = tick.sessionDay;
    const buckets = INTERVALS.map((interval) => bucketStart(tick.at, interval));
    const quotes: MarketQuote[] = [];
    for (const [symbol, logPrice, volume, previousClose, avgVolume, open, high, low, sessionVolume] of tick.entries) {
      const state = this.states.get(symbol);
      if (!state) continue;
      state.previousClose = previousClose;
      state.avgVolume = avgVolume;
      const session = state.bars['1D'];
      session.accumulate(buckets[INTERVALS.indexOf('1D')]!, open, high, low, priceFromLog(logPrice), 0);
      session.setLast({ open, high, low, volume: sessionVolume - volume });
      quotes.push(this.move(state, buckets, logPrice, volume));
    }
    return quotes;
  }

  /** Moves `state` to `logPrice` with `volume` traded at `buckets` (one per interval), notifies, returns the quote. */
  private move(state: SymbolState, buckets: readonly number[], logPrice: number, volume: number): MarketQuote {
    state.logPrice = logPrice;
    state.price = priceFromLog(logPrice);
    INTERVALS.forEach((interval, i) => {
      state.bars[interval].accumulate(buckets[i]!, state.price, state.price, state.price, state.price, volume);
    });
    const quote = this.quoteOf(state);
    this.notify(quote);
    return quote;
  }

  getInstruments(): readonly Instrument[] {
    return this.instruments;
  }

  getQuote(symbol: string): MarketQuote | undefined {
    const state = this.states.get(normalize(symbol));
    return state ? this.quoteOf(state) : undefined;
  }

  getQuotes(symbols: readonly string[]): MarketQuote[] {
    const quotes: MarketQuote[] = [];
    for (const symbol of symbols) {
      const quote = this.getQuote(symbol);
      if (quote) quotes.push(quote);
    }
    return quotes;
  }

  getCandles(symbol: string, interval: Interval, limit: number): Candle[] {
    const state = this.states.get(normalize(symbol));
    if (!state || !(limit > 0)) return [];
    return state.bars[interval].toArray(Math.floor(limit));
  }

  subscribe(symbols: readonly string[], listener: QuoteListener): () => void {
    const keys = [...new Set(symbols.map(normalize))].filter((s) => this.states.has(s));
    for (const key of keys) {
      let set = this.listeners.get(key);
      if (!set) this.listeners.set(key, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const key of keys) {
        const set = this.listeners.get(key);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(key);
      }
    };
  }

  /** Ticks every `intervalMs` (default 1000) with the time from `clock` (default Date.now) until {@link stop}. */
  start(intervalMs = 1000, clock: () => number = Date.now): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(clock()), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private quoteOf(state: SymbolState): MarketQuote {
    const session = state.bars['1D'].last();
    return buildQuote({
      symbol: state.instrument.symbol,
      price: state.price,
      open: session?.open ?? state.price,
      high: session?.high ?? state.price,
      low: session?.low ?? state.price,
      previousClose: state.previousClose,
      volume: session?.volume ?? 0,
      avgVolume: state.avgVolume,
      sharesOutstanding: state.instrument.sharesOutstanding,
      timestamp: this.lastTick,
    });
  }

  private notify(quote: MarketQuote): void {
    const set = this.listeners.get(quote.symbol);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(quote);
      } catch (error) {
        this.onListenerError?.(error);
      }
    }
  }
}

/** What a follower needs of one symbol's tick to end up with the same quote (see applyTick). */
function tickEntry(state: SymbolState, volume: number): TickEntry {
  const session = state.bars['1D'].last()!;
  return [
    state.instrument.symbol,
    state.logPrice,
    volume,
    state.previousClose,
    state.avgVolume,
    session.open,
    session.high,
    session.low,
    session.volume,
  ];
}

function normalize(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** Mean volume of up to AVERAGE_VOLUME_SESSIONS daily bars, skipping the newest `skip`; `fallback` if none. */
function averageVolume(daily: CandleRing, skip: number, fallback: number): number {
  let sum = 0;
  let count = 0;
  for (let back = skip; back < skip + AVERAGE_VOLUME_SESSIONS; back++) {
    const bar = daily.fromEnd(back);
    if (!bar) break;
    sum += bar.volume;
    count++;
  }
  return count > 0 ? Math.round(sum / count) : fallback;
}
