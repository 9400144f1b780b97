import { Grid, GridItem, SkeletonText, Stack } from '@chakra-ui/react';
import { LuBriefcase, LuChartPie } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { Deferred } from '../../components/page/Deferred';
import { TableSkeleton } from '../../components/table/TableSkeleton';
import { PageHeader } from '../../components/page/PageHeader';
import { PORTFOLIO_HEADING } from '../../domain/pageHeadings';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { SkipWhileOffscreen } from '../../components/page/SkipWhileOffscreen';
import { formatDateTime } from '../../lib/format';
import { LiveBadge } from '../stocks/components/QuotePanel';
import { LiveAllocationChart } from './components/AllocationChart';
import { PortfolioStats } from './components/PortfolioStats';
import { POSITION_ROW_PX, PositionsTable } from './components/PositionsTable';
import { useLivePortfolio } from './useLivePortfolio';

/**
 * Portfolio: value, P&L, cash and buying power; positions with live prices; allocation; close a position. The
 * positions and the allocation are built in background renders (Deferred) behind skeleton lines.
 */
export function PortfolioPage() {
  const { query, portfolio } = useLivePortfolio();
  return (
    <>
      <PageHeader
        title={PORTFOLIO_HEADING.title}
        description={portfolio ? `Updated ${formatDateTime(portfolio.lastUpdated)}` : PORTFOLIO_HEADING.description}
      />
      {portfolio ? (
        <Stack gap="5">
          <PortfolioStats portfolio={portfolio} />
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 20rem' }} gap="5" alignItems="start">
            <GridItem minW="0">
              <ComponentErrorBoundary name="Positions">
                <SectionCard title="Positions" icon={LuBriefcase} aside={<LiveBadge />}>
                  <Deferred fallback={<TableSkeleton rows={portfolio.positions.length} rowHeight={POSITION_ROW_PX} />}>
                    <PositionsTable positions={portfolio.positions} />
                  </Deferred>
                </SectionCard>
              </ComponentErrorBoundary>
            </GridItem>
            <GridItem minW="0">
              <SkipWhileOffscreen bodyH="14rem">
                <SectionCard title="Allocation" icon={LuChartPie}>
                  <Deferred fallback={<SkeletonText noOfLines={4} gap="3" />}>
                    <LiveAllocationChart positions={portfolio.positions} cash={portfolio.cash} />
                  </Deferred>
                </SectionCard>
              </SkipWhileOffscreen>
            </GridItem>
          </Grid>
        </Stack>
      ) : (
        <QueryContent query={query} what="Portfolio" skeletonLines={8}>
          {() => null}
        </QueryContent>
      )}
    </>
  );
}
