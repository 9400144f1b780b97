import { keepPreviousData, notifyManager, queryOptions, type QueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import {
  CandlesDocument,
  InstrumentsDocument,
  MarketDataBatchDocument,
  MarketDataDocument,
  TechnicalAnalysisDocument,
  type MarketDataBatchQuery,
  type MarketDataQuery,
  type MarketQuoteFragment,
} from '../../graphql/generated/graphql';
import type { ChartInterval } from '../../components/charts/intervals';
import { marketKeys } from './marketKeys';
import { quoteStore } from './quoteStore';
import { WATCHED_STALE_TIME_MS } from './watched';

export { marketKeys };

/** How many bars a chart loads. */
export const CHART_CANDLE_LIMIT = 300;

export function marketDataQuery(symbol: string) {
  return queryOptions({
    queryKey: marketKeys.quote(symbol),
    staleTime: WATCHED_STALE_TIME_MS,
    queryFn: async () => {
      const answer = await gqlRequest(MarketDataDocument, { symbol });
      if (answer.marketData) quoteStore.put([answer.marketData]);
      return answer;
    },
  });
}

export function marketDataBatchQuery(symbols: readonly string[]) {
  return queryOptions({
    queryKey: marketKeys.batch(symbols),
    staleTime: WATCHED_STALE_TIME_MS,
    queryFn: async () => {
      const answer = await gqlRequest(MarketDataBatchDocument, { symbols: [...symbols] });
      quoteStore.put(answer.marketDataBatch);
      return answer;
    },
    enabled: symbols.length > 0,
  });
}

export function candlesQuery(symbol: string, interval: ChartInterval) {
  return queryOptions({
    queryKey: marketKeys.candles(symbol, interval),
    queryFn: () => gqlRequest(CandlesDocument, { symbol, interval, limit: CHART_CANDLE_LIMIT }),
    placeholderData: keepPreviousData,
  });
}

export function technicalAnalysisQuery(symbol: string) {
  return queryOptions({
    queryKey: marketKeys.analysis(symbol),
    queryFn: () => gqlRequest(TechnicalAnalysisDocument, { symbol }),
  });
}

export function instrumentsQuery(search: string) {
  return queryOptions({
    queryKey: marketKeys.instruments(search),
    queryFn: () => gqlRequest(InstrumentsDocument, { search, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Pushed quotes replace the cached quotes of their symbols (spec §7: MarketData keyed by symbol, price
 * replaced), in single and batch queries, with one notification for all of them (a tick pushes every symbol).
 */
export function applyQuotes(queryClient: QueryClient, quotes: readonly MarketQuoteFragment[]): void {
  if (quotes.length === 0) return;
  const bySymbol = new Map(quotes.map((quote) => [quote.symbol, quote]));
  notifyManager.batch(() => {
    for (const quote of quotes) {
      queryClient.setQueryData<MarketDataQuery>(marketKeys.quote(quote.symbol), { marketData: quote });
    }
    queryClient.setQueriesData<MarketDataBatchQuery>({ queryKey: marketKeys.batches() }, (previous) =>
      previous && previous.marketDataBatch.some((item) => bySymbol.has(item.symbol))
        ? { marketDataBatch: previous.marketDataBatch.map((item) => bySymbol.get(item.symbol) ?? item) }
        : previous,
    );
  });
}

/** One pushed quote (see applyQuotes). */
export function applyQuote(queryClient: QueryClient, quote: MarketQuoteFragment): void {
  applyQuotes(queryClient, [quote]);
}
