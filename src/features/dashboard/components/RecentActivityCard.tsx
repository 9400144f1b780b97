import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { LuHistory } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import type { DashboardOverviewQuery } from '../../../graphql/generated/graphql';
import { formatTime } from '../../../lib/format';
import { ChangeText } from '../../market/ChangeText';
import { MiniStat } from '../../market/MiniStat';
import { formatCompact, formatNumber, formatShares, formatUsd } from '../../market/formatMarket';
import { OrderStatusBadge, SideBadge } from '../../orders/components/OrderStatusBadge';

type RecentActivity = DashboardOverviewQuery['dashboardOverview']['recentActivity'];

/** The latest fills and orders, with all-time trade count, volume, win rate and today's P&L. */
export const RecentActivityCard = memo(function RecentActivityCard({ activity }: { activity: RecentActivity }) {
  const { summary } = activity;
  return (
    <SectionCard
      title="Recent activity"
      icon={LuHistory}
      aside={
        <Button asChild size="xs" variant="ghost">
          <Link to="/activity">All activity</Link>
        </Button>
      }
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3" textStyle="sm">
          {(
            [
              ['Trades', String(summary.totalTrades)],
              ['Volume', `$${formatCompact(summary.totalVolume)}`],
              ['Win rate', `${formatNumber(summary.winRate, 0)}%`],
            ] satisfies [string, string][]
          ).map(([label, value]) => (
            <MiniStat key={label} label={label} value={value} />
          ))}
          <MiniStat label="Today's P&L" value={<ChangeText change={summary.dailyPnL} />} />
        </SimpleGrid>
        {activity.recentTrades.length === 0 && activity.recentOrders.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            No orders or trades yet.
          </Text>
        ) : (
          <Stack as="ul" gap="2">
            {activity.recentTrades.slice(0, 5).map((trade) => (
              <HStack as="li" key={trade.id} gap="2" textStyle="sm" listStyleType="none" wrap="wrap">
                <Text color="fg.muted" fontVariantNumeric="tabular-nums">
                  {formatTime(trade.timestamp)}
                </Text>
                <SideBadge side={trade.side} />
                <Text>
                  {formatShares(trade.quantity)} {trade.symbol} at {formatUsd(trade.price)}
                </Text>
              </HStack>
            ))}
            {activity.recentOrders
              .filter((order) => order.status !== 'FILLED')
              .slice(0, 5)
              .map((order) => (
                <HStack as="li" key={order.id} gap="2" textStyle="sm" listStyleType="none" wrap="wrap">
                  <Text color="fg.muted" fontVariantNumeric="tabular-nums">
                    {formatTime(order.timestamp)}
                  </Text>
                  <SideBadge side={order.side} />
                  <Text>
                    {formatShares(order.quantity)} {order.symbol}
                  </Text>
                  <OrderStatusBadge status={order.status} />
                </HStack>
              ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
});
