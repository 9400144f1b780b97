import { Badge, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { orderCardTotal, type TradingDataCard } from '../../../../domain/chat/messages';
import { formatPrice, formatSignedPercent } from '../../format';

export type OrderCardState =
  | { status: 'idle' }
  | { status: 'placing' }
  | { status: 'placed'; detail: string }
  | { status: 'cancelled' }
  | { status: 'failed'; error: string };

interface TradingCardProps {
  card: TradingDataCard;
  state: OrderCardState;
  /** Why Confirm is disabled (e.g. offline), or null when it may be pressed. */
  disabledReason: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/** An order the assistant proposes (spec §3 tradingData): placed only when the user presses Confirm. */
export function TradingCard({ card, state, disabledReason, onConfirm, onCancel }: TradingCardProps) {
  const total = orderCardTotal(card);
  const buying = card.action === 'buy';
  const settled = state.status === 'placed' || state.status === 'cancelled';
  return (
    <Card.Root
      size="sm"
      variant="outline"
      borderColor={buying ? 'green.emphasized' : 'red.emphasized'}
      data-testid="order-card"
    >
      <Card.Body gap="3">
        <HStack justify="space-between">
          <HStack gap="2">
            <Badge colorPalette={buying ? 'green' : 'red'} textTransform="uppercase">
              {card.action}
            </Badge>
            <Text fontWeight="semibold">
              {card.quantity} {card.symbol}
            </Text>
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {card.price ? `Limit ${formatPrice(card.price)}` : 'Market order'}
          </Text>
        </HStack>
        <SimpleGrid columns={3} gap="2" textStyle="xs">
          <Stack gap="0">
            <Text color="fg.muted">Current</Text>
            <Text fontWeight="medium">{card.currentPrice ? formatPrice(card.currentPrice) : '—'}</Text>
          </Stack>
          <Stack gap="0">
            <Text color="fg.muted">Change</Text>
            <Text fontWeight="medium" color={(card.changePercent ?? 0) >= 0 ? 'green.fg' : 'red.fg'}>
              {card.changePercent === null || card.changePercent === undefined
                ? '—'
                : formatSignedPercent(card.changePercent)}
            </Text>
          </Stack>
          <Stack gap="0">
            <Text color="fg.muted">Total value</Text>
            <Text fontWeight="semibold" data-testid="order-card-total">
              {total === null ? '—' : formatPrice(total)}
            </Text>
          </Stack>
        </SimpleGrid>
        {state.status === 'placed' ? (
          <Text textStyle="sm" color="green.fg" role="status">
            {state.detail}
          </Text>
        ) : null}
        {state.status === 'cancelled' ? (
          <Text textStyle="sm" color="fg.muted" role="status">
            Order cancelled. Nothing was placed.
          </Text>
        ) : null}
        {state.status === 'failed' ? (
          <Text textStyle="sm" color="red.fg" role="alert">
            {state.error}
          </Text>
        ) : null}
        {!settled ? (
          <Stack gap="1">
            <HStack gap="2">
              <Button
                size="sm"
                colorPalette={buying ? 'green' : 'red'}
                onClick={onConfirm}
                loading={state.status === 'placing'}
                disabled={disabledReason !== null}
              >
                Confirm
              </Button>
              <Button size="sm" variant="outline" onClick={onCancel} disabled={state.status === 'placing'}>
                Cancel
              </Button>
            </HStack>
            {disabledReason ? (
              <Text textStyle="xs" color="fg.muted">
                {disabledReason}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
