import { easternDayNumber } from '../../../src/domain/market/calendar';
import type { MarketQuote } from '../../../src/domain/market/quote';
import { SymbolScanState, type LiveSession, type ScanSnapshot } from '../../../src/domain/scanner/symbolState';
import type { MarketDataProvider } from '../market';

/** Daily bars read per symbol at the start: SMA(200) and the 252-session high and low, with room to spare. */
export const SEED_BARS = 300;
/** Symbols whose history is asked for at once (Alpaca's provider batches concurrent asks into one request). */
const SEED_CONCURRENCY = 50;

export function liveSessionOf(quote: MarketQuote): LiveSession {
  return {
    day: easternDayNumber(quote.timestamp),
    price: quote.price,
    open: quote.open,
    high: quote.high,
    low: quote.low,
    volume: quote.volume,
    previousClose: quote.previousClose,
    change: quote.change,
    changePercent: quote.changePercent,
  };
}

/**
 * The scanner's state of the whole universe in this process: each symbol seeded from the provider's daily bars
 * (the closed ones, before the day of its current quote), then updated by every quote the provider streams
 * (O(1) per quote). Works with any MarketDataProvider, so every server process can answer scans on its own.
 */
export function createUniverseState(market: MarketDataProvider) {
  const states = new Map<string, SymbolScanState>();
  let unsubscribe: (() => void) | undefined;
  let seeding: Promise<void> | undefined;
  let seeded = false;
  let closed = false;

  const onQuote = (quote: MarketQuote) => states.get(quote.symbol)?.update(liveSessionOf(quote));

  async function seedSymbol(symbol: string, name: string, quote: MarketQuote | undefined) {
    if (!quote) return;
    const day = easternDayNumber(quote.timestamp);
    const bars = await market.getCandles(symbol, '1D', SEED_BARS);
    const state = new SymbolScanState(
      symbol,
      name,
      bars.filter((bar) => easternDayNumber(bar.time) < day),
    );
    state.update(liveSessionOf(quote));
    states.set(symbol, state);
  }

  async function seed() {
    const instruments = await market.getInstruments();
    const symbols = instruments.map((instrument) => instrument.symbol);
    // Subscribed first so no quote between reading the history and listening is lost (an update of a session
    // already seeded only replaces the provisional values).
    unsubscribe = market.subscribe(symbols, onQuote);
    const quotes = new Map((await market.getQuotes(symbols)).map((quote) => [quote.symbol, quote]));
    for (let i = 0; i < instruments.length && !closed; i += SEED_CONCURRENCY) {
      await Promise.all(
        instruments
          .slice(i, i + SEED_CONCURRENCY)
          .map(({ symbol, name }) => seedSymbol(symbol, name, quotes.get(symbol))),
      );
    }
  }

  return {
    /** Seeds on first use (later calls share the same seeding); a failed seeding is tried again next time. */
    ready(): Promise<void> {
      seeding ??= seed().then(
        () => void (seeded = true),
        (error: unknown) => {
          unsubscribe?.();
          seeding = undefined;
          throw error;
        },
      );
      return seeding;
    },
    /** Whether the seeding has finished (scans then read the whole universe). */
    isReady: () => seeded,
    /** Every symbol's latest snapshot (symbols without a quote yet left out). */
    snapshots(): ScanSnapshot[] {
      const out: ScanSnapshot[] = [];
      for (const state of states.values()) if (state.snapshot) out.push(state.snapshot);
      return out;
    },
    /** One symbol's latest snapshot, or undefined (unknown, or no quote yet). */
    snapshot: (symbol: string): ScanSnapshot | undefined => states.get(symbol)?.snapshot ?? undefined,
    size: () => states.size,
    close() {
      closed = true;
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}

export type UniverseState = ReturnType<typeof createUniverseState>;
