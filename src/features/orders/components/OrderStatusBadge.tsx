import { Badge } from '@chakra-ui/react';
import type { OrderStatus } from '../../../graphql/generated/graphql';

export const ORDER_STATUS_DISPLAY: Record<OrderStatus, { label: string; palette: string }> = {
  OPEN: { label: 'Open', palette: 'blue' },
  PARTIALLY_FILLED: { label: 'Partially filled', palette: 'cyan' },
  FILLED: { label: 'Filled', palette: 'green' },
  CANCELLED: { label: 'Cancelled', palette: 'gray' },
  REJECTED: { label: 'Rejected', palette: 'red' },
  EXPIRED: { label: 'Expired', palette: 'orange' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const display = ORDER_STATUS_DISPLAY[status];
  return (
    <Badge colorPalette={display.palette} variant="subtle" whiteSpace="nowrap">
      {display.label}
    </Badge>
  );
}

export function SideBadge({ side }: { side: 'BUY' | 'SELL' }) {
  return (
    <Badge colorPalette={side === 'BUY' ? 'green' : 'red'} variant="outline">
      {side === 'BUY' ? 'Buy' : 'Sell'}
    </Badge>
  );
}
