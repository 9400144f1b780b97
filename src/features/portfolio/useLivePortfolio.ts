import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { localDb } from '../../data/db';
import { marketDataBatchQuery } from '../market/queries';
import { useLiveQuotes } from '../market/useLiveQuotes';
import { largestFirst, readPortfolio } from './portfolioStore';
import { portfolioQuery } from './queries';

/**
 * The portfolio as stored on this device (Dexie, written from every server answer and push, so it reads
 * offline), else the query's answer, with the quotes of its symbols fetched and streamed while mounted. The
 * caller does not re-render on ticks: the figures that move with the price (useLivePosition, useLivePrices)
 * read the quote store where they are shown.
 */
export function useLivePortfolio() {
  const query = useQuery(portfolioQuery());
  const stored = useLiveQuery(() => readPortfolio(localDb()).catch(() => null), []);
  const answer = query.data?.portfolio;
  // In the stored order (largest first), so rows keep their places when the stored copy takes over.
  const fetched = useMemo(() => (answer ? { ...answer, positions: largestFirst(answer.positions) } : null), [answer]);
  // The stored copy is written from the answers: when it is the same answer, keep the answer's objects (rows
  // memoised on them then skip re-rendering when the copy takes over).
  const portfolio = stored && fetched && stored.lastUpdated === fetched.lastUpdated ? fetched : (stored ?? fetched);
  const symbols = useMemo(() => (portfolio?.positions ?? []).map((position) => position.symbol).sort(), [portfolio]);
  // Fetches the latest quotes into the quote store; the caller never re-renders for this query's changes.
  useQuery({ ...marketDataBatchQuery(symbols), notifyOnChangeProps: [] });
  useLiveQuotes(symbols);
  return { query, portfolio };
}
