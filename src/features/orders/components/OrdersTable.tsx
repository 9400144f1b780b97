import { Button, Table, Text } from '@chakra-ui/react';
import type { OrderFieldsFragment } from '../../../graphql/generated/graphql';
import { toast } from '../../../components/toast/toaster';
import { orderFailureText } from '../orderFailure';
import { formatDateTime } from '../../../lib/format';
import { StockLink } from '../../market/StockLink';
import { formatShares, formatUsd } from '../../market/formatMarket';
import { useCancelOrder } from '../mutations';
import { useOnline } from '../useOnline';
import { ORDER_TYPE_LABELS, TIME_IN_FORCE_SHORT } from './orderLabels';
import { OrderStatusBadge, SideBadge } from './OrderStatusBadge';

const shortDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function isWorking(order: OrderFieldsFragment): boolean {
  return order.status === 'OPEN' || order.status === 'PARTIALLY_FILLED';
}

/** Orders with their prices, fills and status; working ones can be cancelled. */
export function OrdersTable({ orders, empty }: { orders: readonly OrderFieldsFragment[]; empty: string }) {
  const cancelOrder = useCancelOrder();
  const online = useOnline();
  if (orders.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" position="relative">
      <Table.Root size="sm" aria-label="Orders">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Placed</Table.ColumnHeader>
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader>Side</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Limit / stop</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Filled</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((order) => (
            <Table.Row key={order.id} bg="transparent" data-testid={`order-${order.id}`}>
              <Table.Cell whiteSpace="nowrap" title={formatDateTime(order.timestamp)}>
                {formatDateTime(order.timestamp, shortDateTime)}
              </Table.Cell>
              <Table.Cell>
                <StockLink symbol={order.symbol} />
              </Table.Cell>
              <Table.Cell>
                <SideBadge side={order.side} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {ORDER_TYPE_LABELS[order.type]} · {TIME_IN_FORCE_SHORT[order.timeInForce]}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatShares(order.quantity)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                {order.price !== null ? formatUsd(order.price) : '—'} /{' '}
                {order.stopPrice !== null ? formatUsd(order.stopPrice) : '—'}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                {formatShares(order.filledQuantity)}
                {order.averageFillPrice !== null ? ` @ ${formatUsd(order.averageFillPrice)}` : ''}
              </Table.Cell>
              <Table.Cell title={order.reason ?? undefined}>
                <OrderStatusBadge status={order.status} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                {isWorking(order) ? (
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={!online}
                    loading={cancelOrder.isPending && cancelOrder.variables === order.id}
                    aria-label={`Cancel order ${order.symbol} ${formatShares(order.quantity)}`}
                    onClick={() =>
                      cancelOrder.mutate(order.id, {
                        onError: (error) =>
                          toast({
                            title: 'Could not cancel the order',
                            description: orderFailureText(error),
                            variant: 'destructive',
                          }),
                      })
                    }
                  >
                    Cancel
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
