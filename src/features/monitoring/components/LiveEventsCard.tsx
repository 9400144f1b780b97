import { HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuZap } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import { formatTime } from '../../../lib/format';
import { formatShares, formatUsd } from '../../market/formatMarket';
import { OrderStatusBadge, SideBadge } from '../../orders/components/OrderStatusBadge';
import { onTradingEvent, type TradingEvent } from '../../orders/tradingEventLog';

/** How many events the live list keeps. */
const MAX_EVENTS = 50;

interface LoggedEvent {
  key: string;
  event: TradingEvent;
}

function eventKey(event: TradingEvent): string {
  return event.kind === 'trade'
    ? `trade-${event.trade.id}`
    : `order-${event.order.id}-${event.order.updatedAt}-${event.order.status}`;
}

/** Fills and order updates as they arrive (since this page was opened), newest first. */
export function LiveEventsCard() {
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  useEffect(
    () =>
      onTradingEvent((event) =>
        setEvents((current) => {
          const key = eventKey(event);
          if (current.some((item) => item.key === key)) return current;
          return [{ key, event }, ...current].slice(0, MAX_EVENTS);
        }),
      ),
    [],
  );
  return (
    <SectionCard
      title="Fills and order updates"
      icon={LuZap}
      description="Streamed as they happen while this page is open."
    >
      {events.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          Waiting for orders and fills…
        </Text>
      ) : (
        <Stack as="ol" gap="2" aria-live="polite">
          {events.map(({ key, event }) => (
            <HStack as="li" key={key} gap="2" wrap="wrap" textStyle="sm" listStyleType="none">
              {event.kind === 'trade' ? (
                <>
                  <Text color="fg.muted" fontVariantNumeric="tabular-nums">
                    {formatTime(event.trade.timestamp)}
                  </Text>
                  <Text fontWeight="semibold">Fill</Text>
                  <SideBadge side={event.trade.side} />
                  <Text>
                    {formatShares(event.trade.quantity)} {event.trade.symbol} at {formatUsd(event.trade.price)}
                  </Text>
                </>
              ) : (
                <>
                  <Text color="fg.muted" fontVariantNumeric="tabular-nums">
                    {formatTime(event.order.updatedAt)}
                  </Text>
                  <Text fontWeight="semibold">Order</Text>
                  <SideBadge side={event.order.side} />
                  <Text>
                    {formatShares(event.order.quantity)} {event.order.symbol}
                  </Text>
                  <OrderStatusBadge status={event.order.status} />
                </>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
