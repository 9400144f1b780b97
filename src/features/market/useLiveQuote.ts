import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useReducer, useRef } from 'react';
import type { MarketDataBatchQuery, MarketDataQuery, MarketQuoteFragment } from '../../graphql/generated/graphql';
import { marketKeys } from './queries';
import { quoteStore } from './quoteStore';

/** The cached answer's quote of `symbol` (a restored cache before any push or fetch), else null. */
function cachedQuote(queryClient: QueryClient, symbol: string): MarketQuoteFragment | null {
  const single = queryClient.getQueryData<MarketDataQuery>(marketKeys.quote(symbol))?.marketData;
  if (single) return single;
  for (const [, data] of queryClient.getQueriesData<MarketDataBatchQuery>({ queryKey: marketKeys.batches() })) {
    const found = data?.marketDataBatch.find((quote) => quote.symbol === symbol);
    if (found) return found;
  }
  return null;
}

function latestQuote(queryClient: QueryClient, symbol: string): MarketQuoteFragment | null {
  return quoteStore.get(symbol) ?? cachedQuote(queryClient, symbol);
}

/** `symbols` as one array while their contents stay the same. */
function useStableSymbols(symbols: readonly string[]): readonly string[] {
  const key = symbols.join(',');
  return useMemo(() => (key === '' ? [] : key.split(',')), [key]);
}

/**
 * Re-renders the caller when a quote of `symbols` changes, as a transition: React renders a tick's updates
 * in slices of a few milliseconds between input and paint (a tick never makes a long task, however many
 * cells move), and an urgent update (typing, a click) goes first. Returns the store's version of `symbols`
 * that this render reads.
 */
function useQuoteUpdates(symbols: readonly string[]): number {
  const version = quoteStore.version(symbols);
  const first = useRef(version);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const update = () => startTransition(rerender);
    const stop = quoteStore.subscribe(symbols, update);
    // A flush between the first render and this subscription would otherwise go unseen until the next tick.
    if (quoteStore.version(symbols) !== first.current) update();
    return stop;
  }, [symbols]);
  return version;
}

/**
 * The latest quote of one symbol (pushed or fetched), or null before any is known. Only the component calling
 * it re-renders when that symbol ticks: call it in the leaf that shows the figures, not in the page.
 */
export function useLiveQuote(symbol: string): MarketQuoteFragment | null {
  const queryClient = useQueryClient();
  useQuoteUpdates(useStableSymbols([symbol]));
  return latestQuote(queryClient, symbol);
}

/**
 * The latest quote of one symbol, like useLiveQuote, but the caller re-renders on a tick only when
 * `relevant(quote)` changes (compared with Object.is): for a component that shows little of the quote, or only
 * in some states (an order ticket needs the price once a quantity is entered).
 */
export function useLiveQuoteWhen(
  symbol: string,
  relevant: (quote: MarketQuoteFragment | null) => unknown,
): MarketQuoteFragment | null {
  const queryClient = useQueryClient();
  const quote = latestQuote(queryClient, symbol);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  // What this render showed and how to judge the next quote, kept for the listener (written after each render).
  const seen = useRef<{ relevant: typeof relevant; value: unknown } | null>(null);
  useEffect(() => {
    seen.current = { relevant, value: relevant(quote) };
  });
  useEffect(() => {
    const update = () => {
      const last = seen.current;
      if (last && Object.is(last.relevant(latestQuote(queryClient, symbol)), last.value)) return;
      startTransition(rerender);
    };
    const stop = quoteStore.subscribe([symbol], update);
    update();
    return stop;
  }, [queryClient, symbol]);
  return quote;
}

/**
 * The latest price of each of `symbols` that has one, for views of many symbols at once (a sorted list, an
 * allocation bar). The caller re-renders once per tick, whichever of them moved.
 */
export function useLivePrices(symbols: readonly string[]): ReadonlyMap<string, number> {
  const queryClient = useQueryClient();
  const stable = useStableSymbols(symbols);
  const version = useQuoteUpdates(stable);
  return useMemo(() => {
    void version;
    const prices = new Map<string, number>();
    for (const symbol of stable) {
      const quote = latestQuote(queryClient, symbol);
      if (quote) prices.set(symbol, quote.price);
    }
    return prices;
  }, [stable, version, queryClient]);
}
