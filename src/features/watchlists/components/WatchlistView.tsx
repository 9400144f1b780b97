import { Box, HStack, IconButton, Link, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuPencil } from 'react-icons/lu';
import { localDb } from '../../../data/db';
import type { LocalWatchlist } from '../../../data/types';
import {
  addSymbolToWatchlist,
  deleteWatchlist,
  removeSymbolFromWatchlist,
  renameWatchlist,
} from '../../../data/watchlists';
import { NotSyncedBadge } from '../../outbox/NotSyncedBadge';
import { AddSymbolForm } from './AddSymbolForm';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { WatchlistNameDialog } from './WatchlistNameDialog';

/** One watchlist: its name (rename, delete), its symbols (open, remove) and a field to add one. */
export function WatchlistView({ watchlist, pending }: { watchlist: LocalWatchlist; pending: boolean }) {
  const db = localDb();
  return (
    <Box as="article" borderWidth="1px" borderRadius="lg" p="3" aria-label={`Watchlist ${watchlist.name}`}>
      <Stack gap="3">
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
          <Wrap gap="2" as="ul" listStyleType="none" aria-label={`Symbols in ${watchlist.name}`}>
            {watchlist.items.map((item) => (
              <Tag.Root as="li" key={item.symbol} size="lg" variant="surface" title={item.name ?? undefined}>
                <Tag.Label>
                  <Link asChild fontWeight="semibold" colorPalette="brand" color="colorPalette.fg">
                    <RouterLink to="/stocks/$symbol" params={{ symbol: item.symbol }}>
                      {item.symbol}
                    </RouterLink>
                  </Link>
                </Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`Remove ${item.symbol} from ${watchlist.name}`}
                    onClick={() => void removeSymbolFromWatchlist(db, watchlist.id, item.symbol)}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </Wrap>
        )}
        <AddSymbolForm
          listName={watchlist.name}
          existing={watchlist.symbols}
          onAdd={(symbol) => addSymbolToWatchlist(db, watchlist.id, symbol)}
        />
      </Stack>
    </Box>
  );
}
