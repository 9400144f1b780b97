import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { marketDataBatchQuery } from '../market/queries';
import { useLiveQuotes } from '../market/useLiveQuotes';
import { withPrice } from './livePositions';
import { portfolioQuery } from './queries';

/** The portfolio query with each position revalued at the latest streamed quote of its symbol. */
export function useLivePortfolio() {
  const query = useQuery(portfolioQuery());
  const symbols = useMemo(
    () => (query.data?.portfolio.positions ?? []).map((position) => position.symbol).sort(),
    [query.data],
  );
  const quotes = useQuery(marketDataBatchQuery(symbols)).data?.marketDataBatch;
  useLiveQuotes(symbols);
  const positions = useMemo(() => {
    const prices = new Map((quotes ?? []).map((quote) => [quote.symbol, quote.price]));
    return (query.data?.portfolio.positions ?? []).map((position) => withPrice(position, prices.get(position.symbol)));
  }, [query.data, quotes]);
  return { query, positions };
}
