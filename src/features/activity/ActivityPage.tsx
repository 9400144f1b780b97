import { Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuArrowLeftRight, LuListOrdered } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import type { OrderStatus } from '../../graphql/generated/graphql';
import { CancelAllButton } from '../orders/components/CancelAllButton';
import { ORDER_STATUS_DISPLAY } from '../orders/components/OrderStatusBadge';
import { OrdersTable } from '../orders/components/OrdersTable';
import { TradesTable } from '../orders/components/TradesTable';
import { ordersQuery, tradesQuery } from '../orders/queries';

const STATUS_FILTERS = Object.keys(ORDER_STATUS_DISPLAY) as OrderStatus[];

/** Activity Center: orders (status filter, cancel, cancel all) and executed trades. */
export function ActivityPage() {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const orders = useQuery(ordersQuery(status));
  const openOrders = useQuery(ordersQuery('OPEN'));
  const trades = useQuery(tradesQuery());
  const openCount = openOrders.data?.orders.length ?? 0;
  return (
    <>
      <PageHeader title="Activity Center" description="Your orders and executed trades, updated as they happen." />
      <Stack gap="5">
        <ComponentErrorBoundary name="Orders">
          <SectionCard title="Orders" icon={LuListOrdered} aside={<CancelAllButton openCount={openCount} />}>
            <HStack mb="3">
              <Field.Root maxW="16rem">
                <Field.Label srOnly>Status</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    aria-label="Order status"
                    value={status ?? ''}
                    onChange={(event) => setStatus((event.currentTarget.value || null) as OrderStatus | null)}
                  >
                    <option value="">All statuses</option>
                    {STATUS_FILTERS.map((value) => (
                      <option key={value} value={value}>
                        {ORDER_STATUS_DISPLAY[value].label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </HStack>
            <QueryContent query={orders} what="Orders">
              {(data) => (
                <OrdersTable
                  orders={data.orders}
                  empty={status ? `No ${ORDER_STATUS_DISPLAY[status].label.toLowerCase()} orders.` : 'No orders yet.'}
                />
              )}
            </QueryContent>
          </SectionCard>
        </ComponentErrorBoundary>
        <ComponentErrorBoundary name="Trades">
          <SectionCard title="Trades" icon={LuArrowLeftRight}>
            <QueryContent query={trades} what="Trades">
              {(data) => <TradesTable trades={data.trades} empty="No trades yet." />}
            </QueryContent>
          </SectionCard>
        </ComponentErrorBoundary>
      </Stack>
    </>
  );
}
