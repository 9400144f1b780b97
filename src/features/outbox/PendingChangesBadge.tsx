import { Badge, Box, Button, HStack, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { LuCloudUpload, LuTriangleAlert } from 'react-icons/lu';
import { localDb } from '../../data/db';
import { requestPersistentStorageOnce } from '../../data/meta';
import { OUTBOX_OPS } from '../../data/outbox/ops';
import { discardOutboxRow, outboxRows, retryOutboxRow } from '../../data/outbox/queue';
import { describeOutboxRow } from './describeRow';

/**
 * Shell indicator of writes not yet on the server: "N pending" (hidden when everything is synced), and
 * in its popover the writes the server refused, each with Retry and Discard. `compact` shows only the count.
 */
export function PendingChangesBadge({ compact = false }: { compact?: boolean }) {
  const db = localDb();
  const queryClient = useQueryClient();
  const rows = useLiveQuery(() => outboxRows(db), [db], []);

  useEffect(() => {
    // Queued writes must survive storage pressure: ask once per device, now that the user is signed in.
    requestPersistentStorageOnce(db, typeof navigator === 'undefined' ? undefined : navigator.storage).catch(
      () => undefined,
    );
  }, [db]);

  if (rows.length === 0) return null;
  const failed = rows.filter((row) => row.status === 'failed');
  const waiting = rows.length - failed.length;
  const label = [waiting > 0 ? `${waiting} pending` : null, failed.length > 0 ? `${failed.length} failed` : null]
    .filter((part) => part !== null)
    .join(', ');

  const discard = async (id: string) => {
    await discardOutboxRow(db, OUTBOX_OPS, id);
    await queryClient.invalidateQueries({ queryKey: ['watchlists'] });
    await queryClient.invalidateQueries({ queryKey: ['alerts'] });
  };

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button
          size="xs"
          variant="subtle"
          colorPalette={failed.length > 0 ? 'red' : 'orange'}
          title="Changes saved on this device that have not reached the server yet"
          aria-label={`${label}: changes not synced yet`}
        >
          {failed.length > 0 ? <LuTriangleAlert /> : <LuCloudUpload />}
          {compact ? rows.length : label}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="min(22rem, calc(100vw - 2rem))">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3">
                <Popover.Title fontWeight="semibold">Changes not synced yet</Popover.Title>
                {waiting > 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    {waiting === 1 ? '1 change is' : `${waiting} changes are`} saved on this device and will be sent
                    when the connection allows.
                  </Text>
                ) : null}
                {failed.map((row) => (
                  <Box key={row.id} borderWidth="1px" borderRadius="md" p="2.5">
                    <Stack gap="1.5">
                      <HStack gap="2">
                        <Badge colorPalette="red" size="sm">
                          Failed
                        </Badge>
                        <Text textStyle="sm" fontWeight="medium">
                          {describeOutboxRow(row)}
                        </Text>
                      </HStack>
                      {row.lastError ? (
                        <Text textStyle="xs" color="fg.muted">
                          {row.lastError}
                        </Text>
                      ) : null}
                      <HStack justify="flex-end" gap="2">
                        <Button size="xs" variant="outline" onClick={() => void retryOutboxRow(db, row.id)}>
                          Retry
                        </Button>
                        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void discard(row.id)}>
                          Discard
                        </Button>
                      </HStack>
                    </Stack>
                  </Box>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
