import { SimpleGrid, Stack } from '@chakra-ui/react';
import { LuBriefcase, LuChartCandlestick, LuEye } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { SystemHealthCard } from '../system/components/SystemHealthCard';
import { TradingStatusCard } from '../trading/components/TradingStatusCard';

/** Dashboard (also at / and /overview): trading status and system health, then what is still to come. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="Market status and the health of the trading system." />
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
          <ComponentErrorBoundary name="Trading status">
            <TradingStatusCard />
          </ComponentErrorBoundary>
          <ComponentErrorBoundary name="System health">
            <SystemHealthCard />
          </ComponentErrorBoundary>
        </SimpleGrid>
        <EmptyStateCard
          icon={LuBriefcase}
          title="Portfolio"
          description="Positions, cash and buying power will appear here once paper trading is enabled."
        />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
          <EmptyStateCard
            icon={LuChartCandlestick}
            title="Market overview"
            description="Major indices, market breadth and volume will appear here once market data is connected."
          />
          <EmptyStateCard
            icon={LuEye}
            title="Watchlist"
            description="The symbols you follow, with prices and alerts, will appear here once watchlists are available."
          />
        </SimpleGrid>
      </Stack>
    </>
  );
}
