import { Button, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { OrderFieldsFragment } from '../../../graphql/generated/graphql';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { toast } from '../../../components/toast/toaster';
import { orderFailureText } from '../orderFailure';
import { formatDateTime } from '../../../lib/format';
import { StockLink } from '../../market/StockLink';
import { formatShares, formatUsd } from '../../market/formatMarket';
import { useCancelOrder } from '../mutations';
import { useOnline } from '../useOnline';
import { ORDER_TYPE_LABELS, TIME_IN_FORCE_SHORT } from './orderLabels';
import { OrderSource, useStrategyNames } from './OrderSource';
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

function priceOrDash(price: number | null): string {
  return price !== null ? formatUsd(price) : '—';
}

const COLUMNS: readonly DataTableColumn<OrderFieldsFragment>[] = [
  {
    key: 'placed',
    header: 'Placed',
    nowrap: true,
    cellProps: (order) => ({ title: formatDateTime(order.timestamp) }),
    render: (order) => formatDateTime(order.timestamp, shortDateTime),
  },
  { key: 'symbol', header: 'Symbol', render: (order) => <StockLink symbol={order.symbol} /> },
  { key: 'side', header: 'Side', render: (order) => <SideBadge side={order.side} /> },
  {
    key: 'type',
    header: 'Type',
    nowrap: true,
    render: (order) => `${ORDER_TYPE_LABELS[order.type]} · ${TIME_IN_FORCE_SHORT[order.timeInForce]}`,
  },
  { key: 'quantity', header: 'Qty', align: 'end', render: (order) => formatShares(order.quantity) },
  {
    key: 'prices',
    header: 'Limit / stop',
    align: 'end',
    nowrap: true,
    render: (order) => `${priceOrDash(order.price)} / ${priceOrDash(order.stopPrice)}`,
  },
  {
    key: 'filled',
    header: 'Filled',
    align: 'end',
    nowrap: true,
    render: (order) =>
      `${formatShares(order.filledQuantity)}${order.averageFillPrice !== null ? ` @ ${formatUsd(order.averageFillPrice)}` : ''}`,
  },
  {
    key: 'status',
    header: 'Status',
    cellProps: (order) => ({ title: order.reason ?? undefined }),
    render: (order) => <OrderStatusBadge status={order.status} />,
  },
];

/** Orders with their prices, fills and status; working ones can be cancelled. */
export function OrdersTable({ orders, empty }: { orders: readonly OrderFieldsFragment[]; empty: string }) {
  const { mutate: cancel, isPending: cancelling, variables: cancellingId } = useCancelOrder();
  const online = useOnline();
  const names = useStrategyNames(orders.some((order) => order.strategyId !== null));
  // Stable while nothing it shows changed, so the rows (memoised) re-render only when their order does.
  const columns = useMemo<readonly DataTableColumn<OrderFieldsFragment>[]>(() => {
    const actions: DataTableColumn<OrderFieldsFragment> = {
      key: 'actions',
      header: <Text srOnly>Actions</Text>,
      align: 'end',
      render: (order) =>
        isWorking(order) ? (
          <Button
            size="xs"
            variant="outline"
            disabled={!online}
            loading={cancelling && cancellingId === order.id}
            aria-label={`Cancel order ${order.symbol} ${formatShares(order.quantity)}`}
            onClick={() =>
              cancel(order.id, {
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
        ) : null,
    };
    const source: DataTableColumn<OrderFieldsFragment> = {
      key: 'source',
      header: 'Placed by',
      render: (order) => <OrderSource strategyId={order.strategyId} reason={order.reason} names={names} />,
    };
    return [...COLUMNS, source, actions];
  }, [cancel, cancelling, cancellingId, online, names]);
  return (
    <DataTable
      label="Orders"
      columns={columns}
      rows={orders}
      getRowKey={(order) => order.id}
      getRowTestId={(order) => `order-${order.id}`}
      emptyText={empty}
    />
  );
}
