import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../data/db';
import { localWatchlists, storeServerWatchlists } from '../../data/watchlists';
import { WatchlistsDocument } from '../../graphql/generated/graphql';
import { gqlRequest } from '../../graphql/client';

/**
 * The watchlists on this device (live from Dexie, undefined while loading), refreshed from the server in
 * the background; rows with unsent changes keep their local state.
 */
export function useWatchlists() {
  const refresh = useQuery({
    queryKey: ['watchlists'],
    queryFn: async () => {
      const answer = await gqlRequest(WatchlistsDocument);
      await storeServerWatchlists(localDb(), answer.watchlists);
      return answer.watchlists.length;
    },
  });
  const watchlists = useLiveQuery(() => localWatchlists(localDb()), []);
  return { watchlists, refresh };
}
