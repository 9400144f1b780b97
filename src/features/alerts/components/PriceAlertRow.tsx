import { Badge, Box, Button, HStack, IconButton, Stack, Switch, Text } from '@chakra-ui/react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { deletePriceAlert, hasDefaultMessage, markPriceAlertRead, togglePriceAlert } from '../../../data/alerts';
import { localDb } from '../../../data/db';
import type { LocalPriceAlert } from '../../../data/types';
import { formatDateTime } from '../../../lib/format';
import { formatUsd } from '../../market/formatMarket';
import { useLiveQuote } from '../../market/useLiveQuote';
import { NotSyncedBadge } from '../../outbox/NotSyncedBadge';
import { EditAlertDialog } from './EditAlertDialog';

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Text as="span" textStyle="xs" color="fg.muted" data-testid={testId}>
      {label}{' '}
      <Text as="span" color="fg" fontWeight="medium" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Text>
  );
}

/** The market price of a waiting alert's symbol, live (its card streams them); "—" until the first quote. */
function LivePrice({ symbol }: { symbol: string }) {
  const quote = useLiveQuote(symbol);
  return <Detail label="Current price" value={quote ? formatUsd(quote.price) : '—'} testId="alert-current-price" />;
}

/**
 * One price alert: what it watches, its message, the market price while it waits or the price and time it fired
 * (currentPrice, triggeredAt), and
 * its switch, Mark read, Edit and Delete.
 */
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
            {hasDefaultMessage(alert) ? null : (
              <Text textStyle="sm" lineClamp={2} wordBreak="break-word" data-testid="alert-message">
                {alert.message}
              </Text>
            )}
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
        <HStack gap="3" rowGap="1" wrap="wrap">
          {alert.triggeredAt ? (
            // The price that fired it (the server's currentPrice, stored when it fired).
            <Detail
              label="Price at trigger"
              value={alert.currentPrice === null ? '—' : formatUsd(alert.currentPrice)}
              testId="alert-current-price"
            />
          ) : (
            <LivePrice symbol={alert.symbol} />
          )}
          <Detail
            label="Triggered"
            value={alert.triggeredAt ? formatDateTime(alert.triggeredAt) : 'Not yet'}
            testId="alert-triggered-at"
          />
        </HStack>
        <HStack justify="space-between" gap="1" wrap="wrap">
          <HStack gap="1.5" wrap="wrap">
            {alert.triggeredAt ? (
              <Badge size="sm" colorPalette="green">
                Triggered
              </Badge>
            ) : null}
            {!alert.isRead ? (
              <Badge size="sm" colorPalette="blue" variant="subtle">
                Unread
              </Badge>
            ) : null}
            {pending ? <NotSyncedBadge /> : null}
          </HStack>
          <HStack gap="1" marginStart="auto">
            {!alert.isRead ? (
              <Button size="xs" variant="ghost" onClick={() => void markPriceAlertRead(db, alert.id)}>
                Mark read
              </Button>
            ) : null}
            <EditAlertDialog
              alert={alert}
              trigger={
                <IconButton aria-label={`Edit alert ${label}`} size="xs" variant="ghost">
                  <LuPencil />
                </IconButton>
              }
            />
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
        </HStack>
      </Stack>
    </Box>
  );
}
