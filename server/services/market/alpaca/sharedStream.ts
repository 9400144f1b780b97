/**
 * Several server processes, one Alpaca stream (issue 12 point 7): Alpaca allows one stream connection per key (a
 * second is refused with error 406 "connection limit exceeded"), so only the leader holds it. Every process keeps
 * its AlpacaMarketData for REST (snapshots, bars) and tells the others which symbols its subscribers want (a
 * `marketInterest` notice, republished every `intervalMs` and on change); every process keeps the union of the
 * interests heard, forgetting a process not heard from for FORGET_AFTER_PERIODS periods. The leader streams that
 * union and shares each quote it builds as a `marketQuote` notice; the others pass it to their subscribers as if
 * their own stream had built it. A process that takes over leadership has heard the interests all along: it opens
 * the stream for their union at once.
 */
import { randomUUID } from 'node:crypto';
import type { MarketQuote } from '../../../../src/domain/market/quote';
import type { EventBus, MarketInterestNotice, MarketQuoteNotice } from '../../../events';
import { listen } from '../../../listen';
import type { AlpacaMarketData } from './provider';
import type { AlpacaStream } from './stream';

/** How often a process republishes its interest. */
export const MARKET_INTEREST_MS = 2_000;
/** A process not heard from for this many periods is forgotten (it stopped or died). */
export const FORGET_AFTER_PERIODS = 3;

export interface SharedStream {
  /** Leader work: holds the stream for the symbols any process wants and shares each quote it builds. */
  streaming: { start(): Promise<void>; stop(): Promise<void> };
  /** Stops streaming, announcing and listening (this process's interest is withdrawn). */
  stop(): void;
}

export interface SharedStreamOptions {
  onError: (error: unknown) => void;
  intervalMs?: number;
  /** Identifies this process's notices (its own come back through Redis and are ignored). */
  processId?: string;
  now?: () => number;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isInterestNotice(value: unknown): value is MarketInterestNotice {
  const notice = value as Partial<MarketInterestNotice> | null;
  return typeof notice?.processId === 'string' && isStringArray(notice.symbols);
}

/** A quote's numeric fields (every one listed: the compiler checks the keys against MarketQuote's). */
const QUOTE_NUMBERS: Record<Exclude<keyof MarketQuote, 'symbol'>, true> = {
  price: true,
  bid: true,
  ask: true,
  volume: true,
  timestamp: true,
  open: true,
  high: true,
  low: true,
  previousClose: true,
  change: true,
  changePercent: true,
  marketCap: true,
  avgVolume: true,
};

function isQuoteNotice(value: unknown): value is MarketQuoteNotice {
  const notice = value as Partial<MarketQuoteNotice> | null;
  const quote = notice?.quote as Record<keyof MarketQuote, unknown> | undefined;
  if (typeof notice?.processId !== 'string' || typeof quote?.symbol !== 'string') return false;
  return Object.keys(QUOTE_NUMBERS).every((key) => Number.isFinite(quote[key as keyof MarketQuote]));
}

/** Shares `provider`'s stream through the `marketInterest` and `marketQuote` notices of `events`. */
export function shareAlpacaStream(
  provider: AlpacaMarketData,
  events: Pick<EventBus, 'publish' | 'subscribe'>,
  { onError, intervalMs = MARKET_INTEREST_MS, processId = randomUUID(), now = Date.now }: SharedStreamOptions,
): SharedStream {
  const local = new Set<string>();
  const others = new Map<string, { symbols: readonly string[]; heardAt: number }>();
  let stream: AlpacaStream | undefined;
  const streamed = new Set<string>();

  const announce = () => events.publish('marketInterest', { processId, symbols: [...local] });

  /** While leading: the stream follows the union of the interests heard recently. */
  const sync = () => {
    if (!stream) return;
    const forgetBefore = now() - FORGET_AFTER_PERIODS * intervalMs;
    const wanted = new Set(local);
    for (const [id, interest] of others) {
      if (interest.heardAt < forgetBefore) others.delete(id);
      else for (const symbol of interest.symbols) wanted.add(symbol);
    }
    const added = [...wanted].filter((symbol) => !streamed.has(symbol));
    const dropped = [...streamed].filter((symbol) => !wanted.has(symbol));
    for (const symbol of added) streamed.add(symbol);
    for (const symbol of dropped) streamed.delete(symbol);
    if (added.length > 0) {
      provider.loadMissingQuotes(added);
      stream.add(added);
    }
    if (dropped.length > 0) stream.remove(dropped);
  };

  const localChanged = (change: (symbol: string) => void) => (symbols: readonly string[]) => {
    symbols.forEach(change);
    announce();
    sync();
  };
  provider.useFeed({
    add: localChanged((symbol) => local.add(symbol)),
    remove: localChanged((symbol) => local.delete(symbol)),
  });

  const stopInterest = listen(
    events.subscribe('marketInterest'),
    (notice) => {
      if (!isInterestNotice(notice)) throw new Error('a malformed market interest notice was ignored');
      if (notice.processId === processId) return;
      others.set(notice.processId, { symbols: notice.symbols, heardAt: now() });
      sync();
    },
    onError,
  );
  const stopQuotes = listen(
    events.subscribe('marketQuote'),
    (notice) => {
      if (!isQuoteNotice(notice)) throw new Error('a malformed market quote notice was ignored');
      if (notice.processId !== processId) provider.receiveQuote(notice.quote);
    },
    onError,
  );
  const timer = setInterval(() => {
    announce();
    sync();
  }, intervalMs);
  timer.unref();

  const streaming = {
    async start() {
      if (stream) return;
      stream = provider.openStream((quote) => events.publish('marketQuote', { processId, quote }));
      sync();
    },
    async stop() {
      stream?.close();
      stream = undefined;
      streamed.clear();
    },
  };
  return {
    streaming,
    stop() {
      clearInterval(timer);
      void streaming.stop();
      local.clear();
      announce();
      stopInterest();
      stopQuotes();
    },
  };
}
