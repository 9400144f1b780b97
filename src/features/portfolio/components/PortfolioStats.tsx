import { SimpleGrid, Stat } from '@chakra-ui/react';
import type { PortfolioFieldsFragment } from '../../../graphql/generated/graphql';
import { ChangeText } from '../../market/ChangeText';
import { formatUsd } from '../../market/formatMarket';

/** Total value, day and total P&L, cash, buying power and margin used. */
export function PortfolioStats({ portfolio }: { portfolio: PortfolioFieldsFragment }) {
  const stats = [
    { label: 'Total value', value: formatUsd(portfolio.totalValue) },
    {
      label: "Day's P&L",
      value: <ChangeText change={portfolio.dayGainLoss} percent={portfolio.dayGainLossPercent} />,
    },
    {
      label: 'Total P&L',
      value: <ChangeText change={portfolio.totalGainLoss} percent={portfolio.totalGainLossPercent} />,
    },
    { label: 'Cash', value: formatUsd(portfolio.cash) },
    { label: 'Buying power', value: formatUsd(portfolio.buyingPower) },
    { label: 'Margin used', value: formatUsd(portfolio.marginUsed) },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
      {stats.map((stat) => (
        <Stat.Root key={stat.label} borderWidth="1px" borderRadius="xl" p="4" bg="bg.panel">
          <Stat.Label>{stat.label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'md', md: 'lg' }} fontVariantNumeric="tabular-nums" textStyle="sm">
            {stat.value}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
