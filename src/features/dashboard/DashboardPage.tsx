import { Grid, GridItem, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, memo, useDeferredValue, type ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuBriefcase, LuGlobe, LuHistory, LuLightbulb } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { Deferred } from '../../components/page/Deferred';
import { DeferredCard } from '../../components/page/DeferredCard';
import { PageHeader } from '../../components/page/PageHeader';
import { DASHBOARD_HEADING } from '../../domain/pageHeadings';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { SkippedCardSlot, type CardBodyHeight } from '../../components/page/SkipWhileOffscreen';
import type { DashboardOverviewQuery } from '../../graphql/generated/graphql';
import { PriceAlertsCard } from '../alerts/PriceAlertsCard';
import { DashboardOpportunityAlerts } from '../opportunities/DashboardOpportunityAlerts';
import { SymbolSearch } from '../market/SymbolSearch';
import { SystemHealthCard } from '../system/components/SystemHealthCard';
import { TradingStatusCard } from '../trading/components/TradingStatusCard';
import { WatchlistsCard } from '../watchlists/WatchlistsCard';
import { InsightsCard } from './components/InsightsCard';
import { MarketOverviewCard } from './components/MarketOverviewCard';
import { PortfolioSummaryCard } from './components/PortfolioSummaryCard';
import { RecentActivityCard } from './components/RecentActivityCard';
import { DASHBOARD_REFRESH_MS, dashboardOverviewQuery } from './queries';

const DashboardNewsCard = lazy(() => import('../news/DashboardNewsCard'));
const DashboardScannerCard = lazy(() => import('../scanning/DashboardScannerCard'));

// Each section selects its part of the overview: a refetch re-renders only the sections whose part changed
// (structural sharing keeps the others), and the page itself never re-renders for the overview.
const selectPortfolio = (data: DashboardOverviewQuery) => data.dashboardOverview.portfolio;
const selectMarket = (data: DashboardOverviewQuery) => data.dashboardOverview.marketOverview;
const selectActivity = (data: DashboardOverviewQuery) => data.dashboardOverview.recentActivity;
const selectInsights = (data: DashboardOverviewQuery) => data.dashboardOverview.aiInsights;

interface OverviewSectionProps<Part> {
  title: string;
  icon: IconType;
  select(data: DashboardOverviewQuery): Part;
  /** About the loaded card's body height, for its skeleton and its off-screen placeholder. */
  skeletonH: CardBodyHeight;
  children(part: Part): ReactNode;
}

/**
 * One part of the overview: its card once loaded (built in a background render, see Deferred), a skeleton of
 * about its size before, or the card with the error and Retry.
 */
function OverviewSection<Part>({ title, icon, select, skeletonH, children }: OverviewSectionProps<Part>) {
  const query = useQuery({ ...dashboardOverviewQuery(), refetchInterval: DASHBOARD_REFRESH_MS, select });
  // A query's answer is a plain (unsliced) update: it renders this component only, the card in a background
  // render React splits into slices (a refetch's changed part, every 15 s, re-renders a whole card).
  const data = useDeferredValue(query.data);
  return (
    <SkippedCardSlot title={title} bodyH={skeletonH}>
      {(skeleton) => (
        <ComponentErrorBoundary name={title}>
          {data !== undefined ? (
            <Deferred fallback={skeleton}>{children(data)}</Deferred>
          ) : query.isError ? (
            <SectionCard title={title} icon={icon}>
              <QueryContent query={query} what={title}>
                {() => null}
              </QueryContent>
            </SectionCard>
          ) : (
            skeleton
          )}
        </ComponentErrorBoundary>
      )}
    </SkippedCardSlot>
  );
}

const DashboardHeader = memo(function DashboardHeader() {
  return (
    <PageHeader
      title={DASHBOARD_HEADING.title}
      description={DASHBOARD_HEADING.description}
      actions={<SymbolSearch />}
    />
  );
});

/**
 * Dashboard (also at / and /overview): portfolio, market, watchlist, activity, status, health and insights.
 * The header paints at once; the cards are built in background renders behind skeletons of about their size,
 * so no single task blocks the page, and only once their slot nears the screen (on a phone the first two or
 * three of a column of twelve): the others stay skeletons until scrolled (or tabbed) to. The overview query
 * (and those prefetched for the page) runs at once, so a card's data is ready when it is reached; cards that
 * load their own data start when they mount.
 */
export function DashboardPage() {
  return (
    <>
      <DashboardHeader />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="5"
        alignItems="start"
      >
        <GridItem minW="0">
          <Stack gap="5">
            <OverviewSection
              title="Portfolio"
              icon={LuBriefcase}
              select={selectPortfolio}
              skeletonH={{ base: '20.5rem', lg: '16rem' }}
            >
              {(portfolio) => <PortfolioSummaryCard fallback={portfolio} />}
            </OverviewSection>
            <OverviewSection
              title="Market overview"
              icon={LuGlobe}
              select={selectMarket}
              skeletonH={{ base: '23rem', lg: '18.5rem' }}
            >
              {(market) => <MarketOverviewCard overview={market} />}
            </OverviewSection>
            <OverviewSection
              title="Recent activity"
              icon={LuHistory}
              select={selectActivity}
              skeletonH={{ base: '15rem', lg: '12rem' }}
            >
              {(activity) => <RecentActivityCard activity={activity} />}
            </OverviewSection>
          </Stack>
        </GridItem>
        <GridItem minW="0">
          <Stack gap="5">
            <OverviewSection
              title="Insights"
              icon={LuLightbulb}
              select={selectInsights}
              skeletonH={{ base: '38rem', lg: '28rem' }}
            >
              {(insights) => <InsightsCard insights={insights} />}
            </OverviewSection>
            <DashboardOpportunityAlerts />
            <DeferredCard title="Market scanner" skeletonH="15rem">
              {() => <DashboardScannerCard />}
            </DeferredCard>
            <DeferredCard title="News" skeletonH="24rem">
              {(skeleton) => <DashboardNewsCard skeleton={skeleton} />}
            </DeferredCard>
            <DeferredCard title="Watchlists" skeletonH={{ base: '22rem', lg: '18rem' }}>
              {() => <WatchlistsCard />}
            </DeferredCard>
            <DeferredCard title="Price alerts" skeletonH="5.5rem">
              {() => <PriceAlertsCard />}
            </DeferredCard>
          </Stack>
        </GridItem>
      </Grid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" mt="5">
        <DeferredCard title="Trading status" skeletonH={{ base: '9.5rem', lg: '13.5rem' }}>
          {() => <TradingStatusCard />}
        </DeferredCard>
        <DeferredCard title="System health" skeletonH="13.5rem">
          {() => <SystemHealthCard />}
        </DeferredCard>
      </SimpleGrid>
    </>
  );
}
