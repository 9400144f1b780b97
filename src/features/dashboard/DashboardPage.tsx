import { Grid, GridItem, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuGlobe, LuLightbulb } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { SystemHealthCard } from '../system/components/SystemHealthCard';
import { TradingStatusCard } from '../trading/components/TradingStatusCard';
import { InsightsCard } from './components/InsightsCard';
import { MarketOverviewCard } from './components/MarketOverviewCard';
import { DASHBOARD_REFRESH_MS, dashboardOverviewQuery } from './queries';

/** Dashboard (also at / and /overview): portfolio, market, watchlist, activity, status, health and insights. */
export function DashboardPage() {
  const overview = useQuery({ ...dashboardOverviewQuery(), refetchInterval: DASHBOARD_REFRESH_MS });
  return (
    <>
      <PageHeader title="Dashboard" description="Your portfolio, the market and the trading system at a glance." />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
        <GridItem minW="0">
          <Stack gap="5">
            <ComponentErrorBoundary name="Market overview">
              {overview.data ? (
                <MarketOverviewCard overview={overview.data.dashboardOverview.marketOverview} />
              ) : (
                <SectionCard title="Market overview" icon={LuGlobe}>
                  <QueryContent query={overview} what="Market overview">
                    {() => null}
                  </QueryContent>
                </SectionCard>
              )}
            </ComponentErrorBoundary>
          </Stack>
        </GridItem>
        <GridItem minW="0">
          <Stack gap="5">
            <ComponentErrorBoundary name="Insights">
              {overview.data ? (
                <InsightsCard insights={overview.data.dashboardOverview.aiInsights} />
              ) : (
                <SectionCard title="Insights" icon={LuLightbulb}>
                  <QueryContent query={overview} what="Insights">
                    {() => null}
                  </QueryContent>
                </SectionCard>
              )}
            </ComponentErrorBoundary>
          </Stack>
        </GridItem>
      </Grid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" mt="5">
        <ComponentErrorBoundary name="Trading status">
          <TradingStatusCard />
        </ComponentErrorBoundary>
        <ComponentErrorBoundary name="System health">
          <SystemHealthCard />
        </ComponentErrorBoundary>
      </SimpleGrid>
    </>
  );
}
