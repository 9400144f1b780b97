import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { localDb } from '../../data/db';
import { marketDataBatchQuery } from '../market/queries';
import { useLiveQuotes } from '../market/useLiveQuotes';
import { withPrice } from './livePositions';
import { readPortfolio } from './portfolioStore';
import { portfolioQuery } from './queries';

/**
 * The portfolio as stored on this device (Dexie, written from every server answer and push, so it reads
 * offline), else the query's answer; each position revalued at the latest streamed quote of its symbol.
 */
export function useLivePortfolio() {
  const query = useQuery(portfolioQuery());
  const stored = useLiveQuery(() => readPortfolio(localDb()).catch(() => null), []);
  const portfolio = stored ?? query.data?.portfolio ?? null;
  const symbols = useMemo(() => (portfolio?.positions ?? []).map((position) => position.symbol).sort(), [portfolio]);
  const quotes = useQuery(marketDataBatchQuery(symbols)).data?.marketDataBatch;
  useLiveQuotes(symbols);
  const positions = useMemo(() => {
    const prices = new Map((quotes ?? []).map((quote) => [quote.symbol, quote.price]));
    return (portfolio?.positions ?? []).map((position) => withPrice(position, prices.get(position.symbol)));
  }, [portfolio, quotes]);
  return { query, portfolio, positions };
}
