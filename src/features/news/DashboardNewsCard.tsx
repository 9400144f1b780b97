import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { dashboardOverviewQuery } from '../dashboard/queries';
import { useWatchlists } from '../watchlists/useWatchlists';
import NewsCard from './NewsCard';

/**
 * The Dashboard's news: about the user's holdings and watchlist symbols, or the market's when there are none;
 * `skeleton` (the page's, of the card's size) until both lists are known.
 */
export default function DashboardNewsCard({ skeleton }: { skeleton: ReactNode }) {
  const held = useQuery({
    ...dashboardOverviewQuery(),
    select: (data) => data.dashboardOverview.portfolio.positions.map((p) => p.symbol),
  });
  const { watchlists } = useWatchlists();
  const symbols = useMemo(
    () => [...(held.data ?? []), ...(watchlists?.flatMap((list) => list.symbols) ?? [])],
    [held.data, watchlists],
  );
  // wait for both lists, so the card asks once for the right symbols
  if (!held.isFetched || watchlists === undefined) return skeleton;
  return (
    <NewsCard symbols={symbols} description={symbols.length > 0 ? 'Your holdings and watchlists' : 'The market'} />
  );
}
