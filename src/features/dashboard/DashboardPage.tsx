import { Grid, GridItem, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuBellRing, LuBriefcase, LuClock, LuEye, LuGlobe, LuHistory, LuLightbulb, LuServer } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { Deferred } from '../../components/page/Deferred';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import type { DashboardOverviewQuery } from '../../graphql/generated/graphql';
import { PriceAlertsCard } from '../alerts/PriceAlertsCard';
import { SymbolSearch } from '../market/SymbolSearch';
import { SystemHealthCard } from '../system/components/SystemHealthCard';
import { TradingStatusCard } from '../trading/components/TradingStatusCard';
import { WatchlistsCard } from '../watchlists/WatchlistsCard';
import { CardSkeleton } from './components/CardSkeleton';
import { InsightsCard } from './components/InsightsCard';
import { MarketOverviewCard } from './components/MarketOverviewCard';
import { PortfolioSummaryCard } from './components/PortfolioSummaryCard';
import { RecentActivityCard } from './components/RecentActivityCard';
import { DASHBOARD_REFRESH_MS, dashboardOverviewQuery } from './queries';

type Overview = DashboardOverviewQuery['dashboardOverview'];

interface OverviewSectionProps {
  query: UseQueryResult<DashboardOverviewQuery>;
  title: string;
  icon: IconType;
  children(overview: Overview): ReactNode;
}

/**
 * One part of the overview: its card once loaded (built in a background render, see Deferred), else the same
 * card with a skeleton or the error and Retry.
 */
function OverviewSection({ query, title, icon, children }: OverviewSectionProps) {
  return (
    <ComponentErrorBoundary name={title}>
      {query.data ? (
        <Deferred fallback={<CardSkeleton title={title} icon={icon} />}>
          {children(query.data.dashboardOverview)}
        </Deferred>
      ) : (
        <SectionCard title={title} icon={icon}>
          <QueryContent query={query} what={title}>
            {() => null}
          </QueryContent>
        </SectionCard>
      )}
    </ComponentErrorBoundary>
  );
}

/** A card that loads its own data, built in a background render (see Deferred) behind its skeleton. */
function DeferredCard({ title, icon, children }: { title: string; icon: IconType; children: ReactNode }) {
  return (
    <ComponentErrorBoundary name={title}>
      <Deferred fallback={<CardSkeleton title={title} icon={icon} />}>{children}</Deferred>
    </ComponentErrorBoundary>
  );
}

/**
 * Dashboard (also at / and /overview): portfolio, market, watchlist, activity, status, health and insights.
 * The header paints at once; the cards are built in background renders, so no single task blocks the page.
 */
export function DashboardPage() {
  const query = useQuery({ ...dashboardOverviewQuery(), refetchInterval: DASHBOARD_REFRESH_MS });
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your portfolio, the market and the trading system at a glance."
        actions={<SymbolSearch />}
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="5"
        alignItems="start"
      >
        <GridItem minW="0">
          <Stack gap="5">
            <OverviewSection query={query} title="Portfolio" icon={LuBriefcase}>
              {(overview) => <PortfolioSummaryCard fallback={overview.portfolio} />}
            </OverviewSection>
            <OverviewSection query={query} title="Market overview" icon={LuGlobe}>
              {(overview) => <MarketOverviewCard overview={overview.marketOverview} />}
            </OverviewSection>
            <OverviewSection query={query} title="Recent activity" icon={LuHistory}>
              {(overview) => <RecentActivityCard activity={overview.recentActivity} />}
            </OverviewSection>
          </Stack>
        </GridItem>
        <GridItem minW="0">
          <Stack gap="5">
            <OverviewSection query={query} title="Insights" icon={LuLightbulb}>
              {(overview) => <InsightsCard insights={overview.aiInsights} />}
            </OverviewSection>
            <DeferredCard title="Watchlists" icon={LuEye}>
              <WatchlistsCard />
            </DeferredCard>
            <DeferredCard title="Price alerts" icon={LuBellRing}>
              <PriceAlertsCard />
            </DeferredCard>
          </Stack>
        </GridItem>
      </Grid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" mt="5">
        <DeferredCard title="Trading status" icon={LuClock}>
          <TradingStatusCard />
        </DeferredCard>
        <DeferredCard title="System health" icon={LuServer}>
          <SystemHealthCard />
        </DeferredCard>
      </SimpleGrid>
    </>
  );
}
