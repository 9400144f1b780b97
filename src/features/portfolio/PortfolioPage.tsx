import { Grid, GridItem, SkeletonText, Stack } from '@chakra-ui/react';
import { memo, useDeferredValue, useState } from 'react';
import { LuBriefcase, LuChartPie } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { Deferred } from '../../components/page/Deferred';
import { TableSkeleton } from '../../components/table/TableSkeleton';
import { PageHeader } from '../../components/page/PageHeader';
import { PORTFOLIO_HEADING } from '../../domain/pageHeadings';
import { QueryContent, QueryLoading } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { SkipWhileOffscreen } from '../../components/page/SkipWhileOffscreen';
import type { PortfolioFieldsFragment } from '../../graphql/generated/graphql';
import { formatDateTime } from '../../lib/format';
import { LiveBadge } from '../stocks/components/QuotePanel';
import { LiveAllocationChart } from './components/AllocationChart';
import { PortfolioStats } from './components/PortfolioStats';
import { POSITION_ROW_PX, PositionsTable } from './components/PositionsTable';
import { useLivePortfolio } from './useLivePortfolio';

/** Stats, positions and allocation of one copy of the portfolio; memoised: it re-renders when the copy changes. */
const PortfolioBody = memo(function PortfolioBody({ portfolio }: { portfolio: PortfolioFieldsFragment }) {
  return (
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
  );
});

/**
 * Portfolio: value, P&L, cash and buying power; positions with live prices; allocation; close a position. The
 * positions and the allocation are built in background renders (Deferred) behind skeleton lines. The portfolio
 * changes in plain (unsliced) updates (the query's answer, the device copy's read): its first arrival reaches the
 * body as a deferred value, so it renders this component only (the loading skeleton stays) and builds the body in a
 * background render split into small slices; later changes reach the body at once.
 */
export function PortfolioPage() {
  const { query, portfolio } = useLivePortfolio();
  const deferred = useDeferredValue(portfolio);
  // Only the first arrival is deferred (the body is built then). Later changes reach the body at once: a position
  // closed in its dialog is gone from the table when the dialog closes, with no stale row left to close again.
  const [built, setBuilt] = useState(false);
  if (deferred && !built) setBuilt(true);
  const shown = built ? portfolio : deferred;
  return (
    <>
      <PageHeader
        title={PORTFOLIO_HEADING.title}
        description={shown ? `Updated ${formatDateTime(shown.lastUpdated)}` : PORTFOLIO_HEADING.description}
      />
      {shown ? (
        <PortfolioBody portfolio={shown} />
      ) : portfolio ? (
        // The body is on its way (a background render): QueryContent's loading state meanwhile.
        <QueryLoading what="Portfolio" skeletonLines={8} />
      ) : (
        <QueryContent query={query} what="Portfolio" skeletonLines={8}>
          {() => null}
        </QueryContent>
      )}
    </>
  );
}
