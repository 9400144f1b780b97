import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
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
import { WATCHED_STALE_TIME_MS } from './watched';

export const marketKeys = {
  all: ['market'] as const,
  quote: (symbol: string) => [...marketKeys.all, 'quote', symbol] as const,
  batches: () => [...marketKeys.all, 'batch'] as const,
  batch: (symbols: readonly string[]) => [...marketKeys.batches(), [...symbols]] as const,
  candles: (symbol: string, interval: ChartInterval) => [...marketKeys.all, 'candles', symbol, interval] as const,
  analysis: (symbol: string) => [...marketKeys.all, 'analysis', symbol] as const,
  instruments: (search: string) => [...marketKeys.all, 'instruments', search] as const,
};

/** How many bars a chart loads. */
export const CHART_CANDLE_LIMIT = 300;

export function marketDataQuery(symbol: string) {
  return queryOptions({
    queryKey: marketKeys.quote(symbol),
    staleTime: WATCHED_STALE_TIME_MS,
    queryFn: () => gqlRequest(MarketDataDocument, { symbol }),
  });
}

export function marketDataBatchQuery(symbols: readonly string[]) {
  return queryOptions({
    queryKey: marketKeys.batch(symbols),
    staleTime: WATCHED_STALE_TIME_MS,
    queryFn: () => gqlRequest(MarketDataBatchDocument, { symbols: [...symbols] }),
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

/** A pushed quote replaces the cached quote of its symbol (spec §7: MarketData keyed by symbol, price replaced). */
export function applyQuote(queryClient: QueryClient, quote: MarketQuoteFragment): void {
  queryClient.setQueryData<MarketDataQuery>(marketKeys.quote(quote.symbol), { marketData: quote });
  queryClient.setQueriesData<MarketDataBatchQuery>({ queryKey: marketKeys.batches() }, (previous) =>
    previous && previous.marketDataBatch.some((item) => item.symbol === quote.symbol)
      ? { marketDataBatch: previous.marketDataBatch.map((item) => (item.symbol === quote.symbol ? quote : item)) }
      : previous,
  );
}
