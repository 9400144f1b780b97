import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuBriefcase } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import type { PortfolioFieldsFragment } from '../../../graphql/generated/graphql';
import { ChangeText } from '../../market/ChangeText';
import { MiniStat } from '../../market/MiniStat';
import { formatUsd } from '../../market/formatMarket';
import { useLivePortfolio } from '../../portfolio/useLivePortfolio';

/**
 * Total value, today's and total P&L, cash and buying power, with the largest holdings: the device's live copy
 * (pushed updates, readable offline), else the overview's.
 */
export function PortfolioSummaryCard({ fallback }: { fallback: PortfolioFieldsFragment }) {
  const live = useLivePortfolio();
  const portfolio = live.portfolio ?? fallback;
  const positions = live.portfolio ? live.positions : fallback.positions;
  const top = [...positions].sort((a, b) => b.marketValue - a.marketValue).slice(0, 5);
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
        <Stack gap="0">
          <Text textStyle="3xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {formatUsd(portfolio.totalValue)}
          </Text>
          <Text textStyle="sm">
            Today <ChangeText change={portfolio.dayGainLoss} percent={portfolio.dayGainLossPercent} /> · Total{' '}
            <ChangeText change={portfolio.totalGainLoss} percent={portfolio.totalGainLossPercent} />
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3" textStyle="sm">
          {(
            [
              ['Cash', formatUsd(portfolio.cash)],
              ['Buying power', formatUsd(portfolio.buyingPower)],
              ['Positions', String(portfolio.positions.length)],
            ] satisfies [string, string][]
          ).map(([label, value]) => (
            <MiniStat key={label} label={label} value={value} />
          ))}
        </SimpleGrid>
        {top.length > 0 ? (
          <Stack gap="1.5" as="ul" aria-label="Largest holdings">
            {top.map((position) => (
              <SimpleGrid as="li" key={position.symbol} columns={3} textStyle="sm" listStyleType="none" gap="2">
                <Text fontWeight="semibold">{position.symbol}</Text>
                <Text textAlign="end" fontVariantNumeric="tabular-nums">
                  {formatUsd(position.marketValue)}
                </Text>
                <ChangeText change={position.unrealizedPnL} textAlign="end" />
              </SimpleGrid>
            ))}
          </Stack>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            No positions yet.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
