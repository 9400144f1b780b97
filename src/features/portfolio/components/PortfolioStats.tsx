import { StatCards } from '../../../components/page/StatCards';
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
  return <StatCards stats={stats} />;
}
