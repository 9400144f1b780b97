import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuListChecks, LuRadioTower } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { SYSTEM_HEALTH_REFRESH_MS, systemHealthQuery } from '../system/queries';
import { ServicesTable } from '../system/components/ServicesTable';
import { SystemHealthCard } from '../system/components/SystemHealthCard';
import { TradingStatusCard } from '../trading/components/TradingStatusCard';

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

/** Live trading dashboard (/monitoring): system and trading status now; live executions later. */
export function MonitoringPage() {
  return (
    <>
      <PageHeader
        title="Live Trading Dashboard"
        description="The state of the trading system, refreshed every 30 seconds."
      />
      <Stack gap="5">
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
        <EmptyStateCard
          icon={LuRadioTower}
          title="No live executions yet"
          description="Orders, fills and strategy signals will stream here as they happen once paper trading is enabled."
        />
      </Stack>
    </>
  );
}
