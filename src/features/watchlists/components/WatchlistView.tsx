import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { LuPencil } from 'react-icons/lu';
import { localDb } from '../../../data/db';
import type { LocalWatchlist } from '../../../data/types';
import { addSymbolToWatchlist, deleteWatchlist, renameWatchlist } from '../../../data/watchlists';
import { NotSyncedBadge } from '../../outbox/NotSyncedBadge';
import { AddSymbolForm } from './AddSymbolForm';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import type { WatchlistItemDetails } from '../itemSummary';
import { WatchlistItemRow } from './WatchlistItemRow';
import { WatchlistNameDialog } from './WatchlistNameDialog';
import { useWatchlistRowStyles } from './watchlistRowStyles';

interface WatchlistViewProps {
  watchlist: LocalWatchlist;
  pending: boolean;
  /** The server's details of the items by symbol (quote, signals, position); undefined until known. */
  details: Readonly<Record<string, WatchlistItemDetails>> | undefined;
  /** The device's alerts per symbol. */
  alertCounts: ReadonlyMap<string, number>;
}

/**
 * One watchlist: its name (rename, delete), its items (open, remove; price, signal, alerts, position) and a field
 * to add a symbol. Memoised: its card re-renders it only when its props change.
 */
export const WatchlistView = memo(function WatchlistView({
  watchlist,
  pending,
  details,
  alertCounts,
}: WatchlistViewProps) {
  const db = localDb();
  const rowStyles = useWatchlistRowStyles();
  return (
    <Box as="article" borderWidth="1px" borderRadius="lg" p="3" aria-label={`Watchlist ${watchlist.name}`}>
      <Stack gap="3">
        {rowStyles.style}
        <HStack justify="space-between" gap="2" align="center">
          <HStack gap="2" minW="0" wrap="wrap">
            <Text as="h3" fontWeight="semibold" truncate>
              {watchlist.name}
            </Text>
            {pending ? <NotSyncedBadge /> : null}
          </HStack>
          <HStack gap="1" flexShrink={0}>
            <WatchlistNameDialog
              title="Rename watchlist"
              submitLabel="Save"
              initialName={watchlist.name}
              onSubmit={(name) => renameWatchlist(db, watchlist.id, name)}
              trigger={
                <IconButton aria-label={`Rename ${watchlist.name}`} size="xs" variant="ghost">
                  <LuPencil />
                </IconButton>
              }
            />
            <ConfirmDeleteDialog
              what={`watchlist "${watchlist.name}"`}
              label={`Delete ${watchlist.name}`}
              onConfirm={() => deleteWatchlist(db, watchlist.id)}
            />
          </HStack>
        </HStack>
        {watchlist.items.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            No symbols yet. Add one below.
          </Text>
        ) : (
          <Stack
            as="ul"
            gap="0"
            listStyleType="none"
            divideY="1px"
            borderTopWidth="1px"
            aria-label={`Symbols in ${watchlist.name}`}
            className={rowStyles.className}
          >
            {watchlist.items.map((item) => (
              <WatchlistItemRow
                key={item.symbol}
                watchlistId={watchlist.id}
                listName={watchlist.name}
                symbol={item.symbol}
                name={item.name}
                details={details?.[item.symbol]}
                alertCount={alertCounts.get(item.symbol) ?? 0}
              />
            ))}
          </Stack>
        )}
        <AddSymbolForm
          listName={watchlist.name}
          existing={watchlist.symbols}
          onAdd={(symbol) => addSymbolToWatchlist(db, watchlist.id, symbol)}
        />
      </Stack>
    </Box>
  );
});
