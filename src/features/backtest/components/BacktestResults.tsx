import { Grid, GridItem, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuArrowLeftRight, LuChartLine, LuSigma, LuTrendingDown } from 'react-icons/lu';
import { CurveChart, type CurveSeries } from '../../../components/charts/CurveChart';
import { SectionCard } from '../../../components/page/SectionCard';
import type { BacktestResultFieldsFragment } from '../../../graphql/generated/graphql';
import { formatUsd } from '../../market/formatMarket';
import { MetricsTable } from '../../strategies/components/MetricsTable';
import { curvePoints, formatDay } from '../backtestFormat';
import { BacktestTradesTable } from './BacktestTradesTable';

type Backtest = BacktestResultFieldsFragment;

/** A backtest's results: equity against buy and hold, drawdown, the metrics side by side and the trades. */
export function BacktestResults({ backtest }: { backtest: Backtest }) {
  const equity = useMemo<CurveSeries[]>(
    () => [
      { name: 'Strategy', color: 'strategy', points: curvePoints(backtest.equityCurve) },
      { name: 'Buy and hold', color: 'benchmark', points: curvePoints(backtest.benchmarkCurve) },
    ],
    [backtest],
  );
  const drawdown = useMemo<CurveSeries[]>(
    () => [{ name: 'Drawdown', color: 'down', points: curvePoints(backtest.drawdownCurve, 100) }],
    [backtest],
  );
  const range = `${backtest.symbols.join(', ')} · ${formatDay(backtest.from)} – ${formatDay(backtest.to)} · ${formatUsd(backtest.initialCapital)} initial capital`;
  return (
    <Stack gap="5" data-testid="backtest-results">
      <SectionCard title="Equity" icon={LuChartLine} description={range}>
        <CurveChart
          series={equity}
          unit="usd"
          label={`Portfolio value of the strategy and of buy and hold, ${formatDay(backtest.from)} to ${formatDay(backtest.to)}`}
        />
      </SectionCard>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', '2xl': 'minmax(0, 1fr) minmax(0, 1fr)' }}
        gap="5"
        alignItems="start"
      >
        <GridItem minW="0">
          <SectionCard title="Drawdown" icon={LuTrendingDown} description="Fall from the running peak, in percent.">
            <CurveChart
              series={drawdown}
              unit="percent"
              label="Drawdown of the strategy from its running peak"
              height={{ base: '12rem', md: '14rem' }}
            />
          </SectionCard>
        </GridItem>
        <GridItem minW="0">
          <SectionCard
            title="Metrics"
            icon={LuSigma}
            description="Past results on these bars; no promise of future ones."
          >
            <MetricsTable metrics={backtest.metrics} benchmark={backtest.benchmarkMetrics} />
          </SectionCard>
        </GridItem>
      </Grid>
      <SectionCard title="Trades" icon={LuArrowLeftRight}>
        <BacktestTradesTable trades={backtest.trades} />
      </SectionCard>
    </Stack>
  );
}
