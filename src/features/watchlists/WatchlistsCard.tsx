import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuEye, LuPlus } from 'react-icons/lu';
import { SectionCard } from '../../components/page/SectionCard';
import { localDb } from '../../data/db';
import { entityKey } from '../../data/outbox/queue';
import { createWatchlist } from '../../data/watchlists';
import { usePendingEntities } from '../outbox/usePendingEntities';
import { WatchlistNameDialog } from './components/WatchlistNameDialog';
import { WatchlistView } from './components/WatchlistView';
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

/** Dashboard card: the user's watchlists, kept on this device and synced through the outbox. */
export function WatchlistsCard() {
  const { watchlists } = useWatchlists();
  const pending = usePendingEntities();
  const { details, alertCounts } = useWatchlistItemDetails(watchlists?.flatMap((list) => list.symbols) ?? []);
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
}
