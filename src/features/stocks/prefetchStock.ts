import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_CHART_INTERVAL } from '../../components/charts/intervals';
import { candlesQuery, marketDataQuery, technicalAnalysisQuery } from '../market/queries';

/** Starts the stock page's requests while its code loads (errors are shown by the cards, not thrown). */
export function prefetchStock(queryClient: QueryClient, symbol: string): void {
  const ticker = symbol.toUpperCase();
  void queryClient.prefetchQuery(marketDataQuery(ticker));
  void queryClient.prefetchQuery(candlesQuery(ticker, DEFAULT_CHART_INTERVAL));
  void queryClient.prefetchQuery(technicalAnalysisQuery(ticker));
}
