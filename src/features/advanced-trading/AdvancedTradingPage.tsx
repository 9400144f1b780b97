import { Grid, GridItem, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuArrowLeftRight, LuListOrdered, LuWallet } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { StatList } from '../../components/page/StatList';
import { formatUsd } from '../market/formatMarket';
import { CancelAllButton } from '../orders/components/CancelAllButton';
import { OrdersTable } from '../orders/components/OrdersTable';
import { OrderTicketForm } from '../orders/components/OrderTicketForm';
import { ordersQuery } from '../orders/queries';
import { portfolioQuery } from '../portfolio/queries';

/** Advanced trading: the full order ticket (every type and time in force), account figures and open orders. */
export function AdvancedTradingPage() {
  const openOrders = useQuery(ordersQuery('OPEN'));
  const portfolio = useQuery(portfolioQuery());
  return (
    <>
      <PageHeader
        title="Advanced Trading"
        description="Market, limit, stop and stop-limit orders with day, GTC, IOC and FOK time in force."
      />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '24rem minmax(0, 1fr)' }} gap="5" alignItems="start">
        <GridItem minW="0">
          <ComponentErrorBoundary name="Order ticket">
            <SectionCard title="Order ticket" icon={LuArrowLeftRight}>
              <OrderTicketForm initialSymbol="" symbolEditable />
            </SectionCard>
          </ComponentErrorBoundary>
        </GridItem>
        <GridItem minW="0">
          <Stack gap="5">
            <SectionCard title="Account" icon={LuWallet}>
              <QueryContent query={portfolio} what="Account">
                {({ portfolio: account }) => (
                  <StatList
                    items={[
                      { label: 'Buying power', value: formatUsd(account.buyingPower) },
                      { label: 'Cash', value: formatUsd(account.cash) },
                      { label: 'Total value', value: formatUsd(account.totalValue) },
                      { label: 'Positions', value: account.positions.length },
                    ]}
                  />
                )}
              </QueryContent>
            </SectionCard>
            <ComponentErrorBoundary name="Open orders">
              <SectionCard
                title="Open orders"
                icon={LuListOrdered}
                aside={<CancelAllButton openCount={openOrders.data?.orders.length ?? 0} />}
              >
                <QueryContent query={openOrders} what="Open orders">
                  {(data) => <OrdersTable orders={data.orders} empty="No open orders." />}
                </QueryContent>
              </SectionCard>
            </ComponentErrorBoundary>
          </Stack>
        </GridItem>
      </Grid>
    </>
  );
}
