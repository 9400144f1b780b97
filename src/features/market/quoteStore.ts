import type { MarketQuoteFragment } from '../../graphql/generated/graphql';

type Listener = () => void;

/** Runs `flush` later, once for everything put meanwhile. */
export type FlushScheduler = (flush: () => void) => void;

/**
 * A tick's quotes arrive as separate messages over a few milliseconds: the flush waits this long after the first
 * one, so the whole tick is told to listeners at once.
 */
export const TICK_GATHER_MS = 40;

/** After the tick is gathered, before the next paint (a hidden tab paints nothing, so it waits until shown). */
const afterTick: FlushScheduler = (flush) => {
  setTimeout(() => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
    else flush();
  }, TICK_GATHER_MS);
};

function isNewer(next: MarketQuoteFragment, current: MarketQuoteFragment | undefined): boolean {
  if (!current) return true;
  const nextAt = Date.parse(next.timestamp);
  const currentAt = Date.parse(current.timestamp);
  return nextAt > currentAt || (nextAt === currentAt && next !== current && next.price !== current.price);
}

/**
 * The latest quote of each symbol, for leaf components that show one symbol's figures (a price cell, a quote
 * panel). Quotes arriving together (a tick pushes every symbol at once) are told to listeners in one flush before
 * the next paint: a listener of one symbol hears only about that symbol, a listener of many
 * once per flush. A quote older than the stored one is ignored (a slow answer never moves a price back).
 */
export interface QuoteStore {
  get(symbol: string): MarketQuoteFragment | undefined;
  /** Stores the quotes newer than the stored ones; listeners hear about them in the next flush. */
  put(quotes: readonly MarketQuoteFragment[]): void;
  /** Calls `listener` after each flush that changed one of `symbols`; returns the unsubscribe function. */
  subscribe(symbols: readonly string[], listener: Listener): () => void;
  /** Changes with every flush that changed one of `symbols` (a snapshot for useSyncExternalStore). */
  version(symbols: readonly string[]): number;
  /** Calls `listener` with the quotes of each flush (the query cache is written once per flush). */
  onFlush(listener: (quotes: readonly MarketQuoteFragment[]) => void): () => void;
}

export function createQuoteStore(schedule: FlushScheduler = afterTick): QuoteStore {
  const quotes = new Map<string, MarketQuoteFragment>();
  const versions = new Map<string, number>();
  const listeners = new Map<string, Set<Listener>>();
  const flushListeners = new Set<(quotes: readonly MarketQuoteFragment[]) => void>();
  const pending = new Set<string>();
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const changed = [...pending];
    pending.clear();
    const told = new Set<Listener>();
    for (const symbol of changed) {
      versions.set(symbol, (versions.get(symbol) ?? 0) + 1);
      for (const listener of listeners.get(symbol) ?? []) told.add(listener);
    }
    for (const listener of told) listener();
    const flushed = changed.flatMap((symbol) => quotes.get(symbol) ?? []);
    for (const listener of flushListeners) listener(flushed);
  }

  return {
    get: (symbol) => quotes.get(symbol),
    put(next) {
      for (const quote of next) {
        if (!isNewer(quote, quotes.get(quote.symbol))) continue;
        quotes.set(quote.symbol, quote);
        pending.add(quote.symbol);
      }
      if (pending.size > 0 && !scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    subscribe(symbols, listener) {
      for (const symbol of symbols) {
        let set = listeners.get(symbol);
        if (!set) listeners.set(symbol, (set = new Set()));
        set.add(listener);
      }
      return () => {
        for (const symbol of symbols) {
          const set = listeners.get(symbol);
          set?.delete(listener);
          if (set?.size === 0) listeners.delete(symbol);
        }
      };
    },
    version: (symbols) => symbols.reduce((sum, symbol) => sum + (versions.get(symbol) ?? 0), 0),
    onFlush(listener) {
      flushListeners.add(listener);
      return () => void flushListeners.delete(listener);
    },
  };
}

/** The app's one quote store (pushes and quote answers write it; useLiveQuote reads it). */
export const quoteStore = createQuoteStore();
