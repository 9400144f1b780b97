import { Badge, Box, Button, HStack, IconButton, Stack, Switch, Text } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import { deletePriceAlert, markPriceAlertRead, togglePriceAlert } from '../../../data/alerts';
import { localDb } from '../../../data/db';
import type { LocalPriceAlert } from '../../../data/types';
import { formatDateTime } from '../../../lib/format';
import { formatUsd } from '../../market/formatMarket';
import { NotSyncedBadge } from '../../outbox/NotSyncedBadge';

/** One price alert: what it watches, whether it fired, and its switch, Mark read and Delete. */
export function PriceAlertRow({ alert, pending }: { alert: LocalPriceAlert; pending: boolean }) {
  const db = localDb();
  const label = `${alert.symbol} ${alert.condition} ${formatUsd(alert.triggerPrice)}`;
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3" aria-label={`Alert ${label}`}>
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Stack gap="0.5" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{alert.symbol}</Text>
              <Text color="fg.muted" textStyle="sm">
                {alert.condition === 'above' ? 'rises above' : 'falls below'} {formatUsd(alert.triggerPrice)}
              </Text>
            </HStack>
            <HStack gap="1.5" wrap="wrap">
              {alert.triggeredAt ? (
                <Badge size="sm" colorPalette="green">
                  Triggered {formatDateTime(alert.triggeredAt)}
                </Badge>
              ) : null}
              {!alert.isRead ? (
                <Badge size="sm" colorPalette="blue" variant="subtle">
                  Unread
                </Badge>
              ) : null}
              {pending ? <NotSyncedBadge /> : null}
            </HStack>
          </Stack>
          <Switch.Root
            size="sm"
            checked={alert.isActive}
            onCheckedChange={(details) => void togglePriceAlert(db, alert.id, details.checked)}
            flexShrink={0}
          >
            <Switch.HiddenInput aria-label={`Alert ${label} active`} />
            <Switch.Control />
            <Switch.Label textStyle="xs">{alert.isActive ? 'On' : 'Off'}</Switch.Label>
          </Switch.Root>
        </HStack>
        <HStack justify="flex-end" gap="1">
          {!alert.isRead ? (
            <Button size="xs" variant="ghost" onClick={() => void markPriceAlertRead(db, alert.id)}>
              Mark read
            </Button>
          ) : null}
          <IconButton
            aria-label={`Delete alert ${label}`}
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={() => void deletePriceAlert(db, alert.id)}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
      </Stack>
    </Box>
  );
}
