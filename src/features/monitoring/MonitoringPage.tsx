import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuListChecks } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { instrumentsQuery } from '../market/queries';
import { ordersQuery } from '../orders/queries';
import { portfolioQuery } from '../portfolio/queries';
import { SYSTEM_HEALTH_REFRESH_MS, systemHealthQuery } from '../system/queries';
import { ServicesTable } from '../system/components/ServicesTable';
import { SystemHealthCard } from '../system/components/SystemHealthCard';
import { TradingStatusCard } from '../trading/components/TradingStatusCard';
import { LiveEventsCard } from './components/LiveEventsCard';
import { LiveQuotesCard } from './components/LiveQuotesCard';
import { MonitoringLinks } from './components/MonitoringLinks';

function ServicesCard() {
  const query = useQuery({ ...systemHealthQuery(), refetchInterval: SYSTEM_HEALTH_REFRESH_MS });
  return (
    <SectionCard title="Services" icon={LuListChecks} description="Each part of the server, as last probed.">
      <QueryContent query={query} what="Services">
        {({ systemHealth }) => <ServicesTable services={systemHealth.services} />}
      </QueryContent>
    </SectionCard>
  );
}

/** How many symbols are followed when there are no positions or open orders. */
const FALLBACK_SYMBOL_COUNT = 8;

/** The symbols followed live: positions and open orders, else the first symbols of the market. */
function useFollowedSymbols(): { symbols: string[]; description: string } {
  const positions = useQuery(portfolioQuery()).data?.portfolio.positions ?? [];
  const openOrders = useQuery(ordersQuery('OPEN')).data?.orders ?? [];
  const own = [...new Set([...positions.map((item) => item.symbol), ...openOrders.map((item) => item.symbol)])].sort();
  const market = useQuery({ ...instrumentsQuery(''), enabled: own.length === 0 }).data?.instruments ?? [];
  if (own.length > 0) return { symbols: own, description: 'Your positions and open orders.' };
  return {
    symbols: market.slice(0, FALLBACK_SYMBOL_COUNT).map((item) => item.symbol),
    description: 'No positions or open orders yet: the first symbols of the market.',
  };
}

/** Live trading dashboard (/monitoring): streaming quotes, fills and order updates, system and trading status. */
export function MonitoringPage() {
  const { symbols, description: symbolsDescription } = useFollowedSymbols();
  return (
    <>
      <PageHeader
        title="Live Trading Dashboard"
        description="Quotes, fills and order updates as they stream in, and the state of the trading system."
        actions={<MonitoringLinks />}
      />
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
          <ComponentErrorBoundary name="Live quotes">
            <LiveQuotesCard symbols={symbols} description={symbolsDescription} />
          </ComponentErrorBoundary>
          <ComponentErrorBoundary name="Fills and order updates">
            <LiveEventsCard />
          </ComponentErrorBoundary>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
          <ComponentErrorBoundary name="System health">
            <SystemHealthCard />
          </ComponentErrorBoundary>
          <ComponentErrorBoundary name="Trading status">
            <TradingStatusCard />
          </ComponentErrorBoundary>
        </SimpleGrid>
        <ComponentErrorBoundary name="Services">
          <ServicesCard />
        </ComponentErrorBoundary>
      </Stack>
    </>
  );
}
