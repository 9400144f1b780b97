import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { gqlRequest } from '../../graphql/client';
import { WatchlistItemDetailsDocument } from '../../graphql/generated/graphql';
import { useLocalPriceAlerts } from '../alerts/usePriceAlerts';
import { WATCHED_STALE_TIME_MS } from '../market/watched';
import { alertCounts, detailsBySymbol } from './itemSummary';

/**
 * The items' server-computed details (quote, technical signals, held quantity) by symbol, fetched again when
 * the set of symbols changes (the previous answer stays shown meanwhile, and the persisted cache offline), and
 * the device's alert count per symbol.
 */
export function useWatchlistItemDetails(symbols: readonly string[]) {
  const key = [...new Set(symbols)].sort();
  const details = useQuery({
    queryKey: ['watchlists', 'items', key],
    queryFn: async () => detailsBySymbol(await gqlRequest(WatchlistItemDetailsDocument)),
    enabled: key.length > 0,
    staleTime: WATCHED_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
  const alerts = useLocalPriceAlerts();
  return { details: details.data, alertCounts: useMemo(() => alertCounts(alerts), [alerts]) };
}
