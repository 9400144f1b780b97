import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { memo, useDeferredValue, useMemo } from 'react';
import { LuBriefcase } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import type { PortfolioFieldsFragment, PositionFieldsFragment } from '../../../graphql/generated/graphql';
import { ChangeText } from '../../market/ChangeText';
import { MiniStat } from '../../market/MiniStat';
import { changeColor, formatChange, formatUsd } from '../../market/formatMarket';
import { signClass } from '../../../theme/rowStyles';
import { HOLDING, useHoldingRowStyles } from './holdingRowStyles';
import { useLivePortfolio } from '../../portfolio/useLivePortfolio';
import { useLivePositions } from '../../portfolio/useLivePosition';

/** How many of the largest holdings the card lists. */
const TOP_HOLDINGS = 5;

/** One of the largest holdings: plain elements styled by their list (see holdingRowStyles), re-rendered when it moves. */
const HoldingRow = memo(function HoldingRow({
  symbol,
  marketValue,
  unrealizedPnL,
}: {
  symbol: string;
  marketValue: number;
  unrealizedPnL: number;
}) {
  return (
    <li className={HOLDING.row}>
      <p className={HOLDING.symbol}>{symbol}</p>
      <p className={HOLDING.value}>{formatUsd(marketValue)}</p>
      {/* As ChangeText shows it. */}
      <span className={`${HOLDING.change} ${signClass(changeColor(unrealizedPnL))}`}>
        {formatChange(unrealizedPnL)}
      </span>
    </li>
  );
});

/** The largest holdings at the latest quotes: this list re-renders once per tick, its rows only when they moved. */
const LargestHoldings = memo(function LargestHoldings({ positions }: { positions: readonly PositionFieldsFragment[] }) {
  const live = useLivePositions(positions);
  const top = useMemo(() => [...live].sort((a, b) => b.marketValue - a.marketValue).slice(0, TOP_HOLDINGS), [live]);
  const rowStyles = useHoldingRowStyles();
  if (top.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        No positions yet.
      </Text>
    );
  }
  return (
    <>
      {rowStyles.style}
      <Stack gap="1.5" as="ul" aria-label="Largest holdings" className={rowStyles.className}>
        {top.map((position) => (
          <HoldingRow
            key={position.symbol}
            symbol={position.symbol}
            marketValue={position.marketValue}
            unrealizedPnL={position.unrealizedPnL}
          />
        ))}
      </Stack>
    </>
  );
});

interface Totals {
  totalValue: number;
  dayGainLoss: number;
  dayGainLossPercent: number;
  totalGainLoss: number;
  totalGainLossPercent: number;
  cash: number;
  buyingPower: number;
  positionCount: number;
}

/** The figures of the summary; memoised on their values (the device copy replacing the answer changes none). */
const PortfolioTotals = memo(function PortfolioTotals(totals: Totals) {
  return (
    <>
      <Stack gap="0">
        <Text textStyle="3xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {formatUsd(totals.totalValue)}
        </Text>
        <Text textStyle="sm">
          Today <ChangeText change={totals.dayGainLoss} percent={totals.dayGainLossPercent} /> · Total{' '}
          <ChangeText change={totals.totalGainLoss} percent={totals.totalGainLossPercent} />
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3" textStyle="sm">
        <MiniStat label="Cash" value={formatUsd(totals.cash)} />
        <MiniStat label="Buying power" value={formatUsd(totals.buyingPower)} />
        <MiniStat label="Positions" value={String(totals.positionCount)} />
      </SimpleGrid>
    </>
  );
});

/** The card itself, memoised: it re-renders only in the background render of a changed portfolio. */
const PortfolioSummaryBody = memo(function PortfolioSummaryBody({ portfolio }: { portfolio: PortfolioFieldsFragment }) {
  return (
    <SectionCard
      title="Portfolio"
      icon={LuBriefcase}
      aside={
        <Button asChild size="xs" variant="ghost">
          <Link to="/portfolio">Open</Link>
        </Button>
      }
    >
      <Stack gap="4">
        <PortfolioTotals
          totalValue={portfolio.totalValue}
          dayGainLoss={portfolio.dayGainLoss}
          dayGainLossPercent={portfolio.dayGainLossPercent}
          totalGainLoss={portfolio.totalGainLoss}
          totalGainLossPercent={portfolio.totalGainLossPercent}
          cash={portfolio.cash}
          buyingPower={portfolio.buyingPower}
          positionCount={portfolio.positions.length}
        />
        <LargestHoldings positions={portfolio.positions} />
      </Stack>
    </SectionCard>
  );
});

/**
 * Total value, today's and total P&L, cash and buying power, with the largest holdings: the device's live copy
 * (pushed updates, readable offline), else the overview's. The copy changes in plain (unsliced) updates (a query
 * answer, a Dexie read): it reaches the card as a deferred value, so such an update renders this component only
 * and the card in a background render split into small slices.
 */
export const PortfolioSummaryCard = memo(function PortfolioSummaryCard({
  fallback,
}: {
  fallback: PortfolioFieldsFragment;
}) {
  const live = useLivePortfolio();
  return <PortfolioSummaryBody portfolio={useDeferredValue(live.portfolio ?? fallback)} />;
});
