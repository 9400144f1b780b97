import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuActivity, LuListOrdered } from 'react-icons/lu';
import { CurveChart } from '../../../components/charts/CurveChart';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { curvePoints, formatDay } from '../../backtest/backtestFormat';
import { OrdersTable } from '../../orders/components/OrdersTable';
import { strategyOrdersQuery, strategyPerformanceQuery } from '../queries';
import { MetricsTable } from './MetricsTable';

/**
 * A strategy's live side (issue 13 points 6 and 8): its paper performance this year from its own fills, beside a
 * backtest of its rules over the same period, and the orders it placed.
 */
export function StrategyActivity({ strategyId }: { strategyId: string }) {
  const performance = useQuery(strategyPerformanceQuery(strategyId));
  const orders = useQuery(strategyOrdersQuery(strategyId));
  return (
    <Stack gap="5">
      <SectionCard
        title="Live performance"
        icon={LuActivity}
        description="Paper trading under this strategy over the last 12 months, beside a backtest of its rules over the same days (daily rules only)."
      >
        <QueryContent query={performance} what="Live performance">
          {({ strategyPerformance: report }) =>
            !report || report.trades === 0 ? (
              <Text textStyle="sm" color="fg.muted">
                No fills under this strategy in the last 12 months: activate it, or place orders with it.
              </Text>
            ) : (
              <Stack gap="4" data-testid="strategy-live-performance">
                <Text textStyle="sm" color="fg.muted">
                  {report.trades === 1 ? '1 fill' : `${report.trades} fills`} from {formatDay(report.from)} to{' '}
                  {formatDay(report.to)}.
                </Text>
                <CurveChart
                  series={[{ name: 'Live equity', color: 'strategy', points: curvePoints(report.equityCurve) }]}
                  unit="usd"
                  label={`Live equity of the strategy, ${formatDay(report.from)} to ${formatDay(report.to)}`}
                  height={{ base: '12rem', md: '14rem' }}
                />
                {report.backtest ? (
                  <MetricsTable metrics={report.live} benchmark={report.backtest} headers={['Live', 'Backtest']} />
                ) : (
                  <MetricsTable metrics={report.live} headers={['Live', '']} />
                )}
              </Stack>
            )
          }
        </QueryContent>
      </SectionCard>
      <SectionCard title="Orders" icon={LuListOrdered} description="The newest 50 orders placed under this strategy.">
        <QueryContent query={orders} what="Orders">
          {(data) => <OrdersTable orders={data.orders} empty="This strategy has placed no orders yet." />}
        </QueryContent>
      </SectionCard>
    </Stack>
  );
}
