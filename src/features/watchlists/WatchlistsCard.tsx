import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { memo, useDeferredValue } from 'react';
import { LuEye, LuPlus } from 'react-icons/lu';
import { SectionCard } from '../../components/page/SectionCard';
import { localDb } from '../../data/db';
import { entityKey } from '../../data/outbox/queue';
import { createWatchlist } from '../../data/watchlists';
import { usePendingEntities } from '../outbox/usePendingEntities';
import { WatchlistNameDialog } from './components/WatchlistNameDialog';
import { WatchlistView } from './components/WatchlistView';
import type { WatchlistItemDetails } from './itemSummary';
import type { LocalWatchlist } from '../../data/types';
import { useWatchlistItemDetails } from './useWatchlistItemDetails';
import { useWatchlists } from './useWatchlists';

function NewWatchlistButton({ label }: { label: string }) {
  return (
    <WatchlistNameDialog
      title="New watchlist"
      submitLabel="Create"
      onSubmit={async (name) => {
        await createWatchlist(localDb(), name);
      }}
      trigger={
        <Button size="sm" variant="outline">
          <LuPlus /> {label}
        </Button>
      }
    />
  );
}

interface WatchlistsBodyProps {
  watchlists: readonly LocalWatchlist[] | undefined;
  pending: ReadonlySet<string>;
  details: Readonly<Record<string, WatchlistItemDetails>> | undefined;
  alertCounts: ReadonlyMap<string, number>;
}

/** The card itself, memoised: it re-renders only in the background render of changed data (see WatchlistsCard). */
const WatchlistsBody = memo(function WatchlistsBody({
  watchlists,
  pending,
  details,
  alertCounts,
}: WatchlistsBodyProps) {
  return (
    <SectionCard
      title="Watchlists"
      icon={LuEye}
      aside={watchlists && watchlists.length > 0 ? <NewWatchlistButton label="New" /> : null}
    >
      {watchlists === undefined ? (
        <Stack gap="2">
          <Skeleton h="6" />
          <Skeleton h="10" />
        </Stack>
      ) : watchlists.length === 0 ? (
        <Stack gap="3" align="flex-start">
          <Text color="fg.muted" textStyle="sm">
            No watchlists yet. Create one to follow the symbols you care about; it works offline too.
          </Text>
          <NewWatchlistButton label="New watchlist" />
        </Stack>
      ) : (
        <Stack gap="3">
          {watchlists.map((watchlist) => (
            <WatchlistView
              key={watchlist.id}
              watchlist={watchlist}
              pending={pending.has(entityKey('watchlists', watchlist.id))}
              details={details}
              alertCounts={alertCounts}
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
});

/**
 * Dashboard card: the user's watchlists, kept on this device and synced through the outbox. The lists, their
 * details and alert counts arrive in plain (unsliced) updates: a Dexie read, a query answer. Each reaches the
 * card as a deferred value, so that update renders nothing but this component, and the rows are built in a
 * background render React splits into slices of a few milliseconds.
 */
export function WatchlistsCard() {
  const { watchlists } = useWatchlists();
  const pending = usePendingEntities();
  const { details, alertCounts } = useWatchlistItemDetails(watchlists?.flatMap((list) => list.symbols) ?? []);
  return (
    <WatchlistsBody
      watchlists={useDeferredValue(watchlists)}
      pending={useDeferredValue(pending)}
      details={useDeferredValue(details)}
      alertCounts={useDeferredValue(alertCounts)}
    />
  );
}
