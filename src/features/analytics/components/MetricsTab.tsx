import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuChartColumn, LuClock, LuGauge } from 'react-icons/lu';
import { BarColumns } from '../../../components/charts/BarColumns';
import { SectionCard } from '../../../components/page/SectionCard';
import { formatDuration } from '../../../lib/format';
import { formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { bucketLabel, fractionText, histogramSummary, ratioText, shareText, type Bucket } from '../analyticsFormat';
import { FigureGrid, FigureTile } from './FigureTile';
import type { AnalyticsReport } from './PnlTab';

type TradeBucket = Bucket & { pnl: number };

/** A histogram's buckets as bars: labelled, with the count and P&L as the tooltip; `color` per bucket. */
function histogramBars(buckets: readonly TradeBucket[], unit: 'return' | 'hours', color: (b: TradeBucket) => string) {
  return buckets.map((b) => {
    const label = bucketLabel(b, unit);
    return {
      key: label,
      value: b.count,
      label,
      title: `${label}: ${b.count} (${formatSignedUsd(b.pnl)})`,
      color: color(b),
    };
  });
}

/** The Metrics tab: trading and return metrics with what each means, and the trades' distributions. */
export function MetricsTab({ report }: { report: AnalyticsReport }) {
  const trades = report.trades;
  const metrics = report.metrics;
  const closed = trades?.totalTrades ?? 0;
  return (
    <Stack gap="5">
      <SectionCard
        title="Trading metrics"
        icon={LuGauge}
        description="Round trips closed in the period, matched first in, first out."
      >
        {closed === 0 ? (
          <Text textStyle="sm" color="fg.muted" mb="3">
            No trade closed in this period: these figures need at least one sale.
          </Text>
        ) : null}
        <FigureGrid>
          <FigureTile label="Closed trades" value={String(closed)} hint="Each lot sold counts once." />
          <FigureTile
            label="Win rate"
            value={closed ? shareText(trades!.winRate, 1) : '—'}
            hint="Share of trades with a profit."
          />
          <FigureTile
            label="Profit factor"
            value={ratioText(trades?.profitFactor)}
            hint="Gross profit ÷ gross loss; none without a loss."
          />
          <FigureTile
            label="Expectancy"
            value={closed ? formatSignedUsd(trades!.expectancy) : '—'}
            signed
            hint="Average P&L per trade."
          />
          <FigureTile
            label="Average win"
            value={closed ? formatUsd(trades!.averageWin) : '—'}
            hint="Mean P&L of the winning trades."
          />
          <FigureTile
            label="Average loss"
            value={closed ? formatUsd(trades!.averageLoss) : '—'}
            hint="Mean loss of the losing trades."
          />
          <FigureTile
            label="Average return"
            value={closed ? fractionText(trades!.averageReturn) : '—'}
            signed
            hint="Mean P&L over the money each trade put in."
          />
          <FigureTile
            label="Average holding time"
            value={trades?.averageHoldingHours == null ? '—' : formatDuration(trades.averageHoldingHours * 3600)}
            hint="From the buy to the sale of each lot."
          />
        </FigureGrid>
      </SectionCard>
      <SectionCard
        title="Return metrics"
        icon={LuGauge}
        description="From the daily equity history of the period (252 trading days a year)."
      >
        {metrics?.reason ? (
          <Text textStyle="sm" color="fg.muted" mb="3">
            {metrics.reason}.
          </Text>
        ) : null}
        <FigureGrid>
          <FigureTile label="CAGR" value={fractionText(metrics?.cagr)} signed hint="Compound annual growth rate." />
          <FigureTile
            label="Sharpe ratio"
            value={ratioText(metrics?.sharpe)}
            hint="Annual excess return per unit of volatility."
          />
          <FigureTile
            label="Sortino ratio"
            value={ratioText(metrics?.sortino)}
            hint="Like Sharpe, counting only downside swings."
          />
          <FigureTile label="Calmar ratio" value={ratioText(metrics?.calmar)} hint="CAGR ÷ the deepest drawdown." />
        </FigureGrid>
      </SectionCard>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <SectionCard
          title="Win/loss distribution"
          icon={LuChartColumn}
          description="Trades by return: losses left of 0, wins right."
        >
          <BarColumns
            name="Win/loss distribution"
            testId="return-distribution"
            summary={histogramSummary(trades?.returnDistribution ?? [], 'return')}
            bars={histogramBars(trades?.returnDistribution ?? [], 'return', (b) =>
              b.to !== null && b.to <= 0 ? 'red.solid' : 'green.solid',
            )}
          />
        </SectionCard>
        <SectionCard title="Holding time" icon={LuClock} description="Trades by how long each lot was held.">
          <BarColumns
            name="Holding-time distribution"
            testId="holding-distribution"
            summary={histogramSummary(trades?.holdingDistribution ?? [], 'hours')}
            bars={histogramBars(trades?.holdingDistribution ?? [], 'hours', () => 'brand.solid')}
          />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}
