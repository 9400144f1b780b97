import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LuCalendarDays, LuChartBar, LuChartLine, LuLayers, LuScale } from 'react-icons/lu';
import { CurveChart } from '../../../components/charts/CurveChart';
import { BarColumns } from '../../../components/charts/BarColumns';
import { SectionCard } from '../../../components/page/SectionCard';
import type { AnalyticsReportQuery } from '../../../graphql/generated/graphql';
import { formatSignedUsd } from '../../market/formatMarket';
import { portfolioQuery } from '../../portfolio/queries';
import { benchmarkName, equityCurves, equitySummary, fractionText, pnlBarsSummary } from '../analyticsFormat';
import { FigureGrid, FigureTile } from './FigureTile';
import { KeyBars } from './KeyBars';
import { MonthlyHeatmap } from './MonthlyHeatmap';

export type AnalyticsReport = AnalyticsReportQuery['performanceReport'];

const tradesText = (n: number) => (n === 1 ? '1 trade' : `${n} trades`);

/** P&L by symbol or strategy as bars, named by their label, with their trade count. */
const keyPnlRows = (rows: AnalyticsReport['symbols']) =>
  (rows ?? []).map((r) => ({ key: r.key, label: r.label, value: r.pnl, detail: tradesText(r.trades) }));

/** The P&L tab: equity against the benchmark, daily P&L, monthly returns, P&L by symbol and strategy. */
export function PnlTab({ report }: { report: AnalyticsReport }) {
  const portfolio = useQuery(portfolioQuery());
  const summary = report.summary;
  const equity = report.equity ?? [];
  const days = report.pnl ?? [];
  const curves = useMemo(() => equityCurves(report.equity ?? [], report.benchmark), [report.equity, report.benchmark]);
  const unrealised = portfolio.data?.portfolio.positions.reduce((sum, p) => sum + p.unrealizedPnL, 0) ?? null;
  const realised = report.realisedGains?.total ?? null;
  return (
    <Stack gap="5">
      <FigureGrid>
        <FigureTile
          label="P&L"
          value={summary?.pnl == null ? '—' : formatSignedUsd(summary.pnl)}
          signed
          hint="Equity change not explained by deposits."
        />
        <FigureTile
          label="Time-weighted return"
          value={fractionText(summary?.timeWeightedReturn)}
          signed
          hint="Chained daily returns, deposits neutralised."
        />
        <FigureTile
          label="Money-weighted return"
          value={fractionText(summary?.moneyWeightedReturn)}
          signed
          hint="Annual internal rate of return of your flows (XIRR)."
        />
        <FigureTile
          label="Net deposits"
          value={summary?.netDeposits == null ? '—' : formatSignedUsd(summary.netDeposits)}
          hint="Deposits less withdrawals in the period."
        />
      </FigureGrid>
      {summary?.reason ? (
        <Text textStyle="sm" color="fg.muted">
          {summary.reason}.
        </Text>
      ) : null}
      <SectionCard
        title="Equity vs benchmark"
        icon={LuChartLine}
        description={`Your equity at each close beside ${benchmarkName(report.benchmark)}, scaled to your first day.`}
      >
        {equity.length > 1 ? (
          <Stack gap="2">
            <CurveChart
              series={curves}
              unit="usd"
              label={`Equity vs benchmark. ${equitySummary(equity, report.benchmark)}`}
            />
            <Text textStyle="xs" color="fg.muted">
              {equitySummary(equity, report.benchmark)}
            </Text>
          </Stack>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            {summary?.reason ?? 'At least two recorded days are needed in the period'}.
          </Text>
        )}
      </SectionCard>
      <SectionCard title="Daily P&L" icon={LuChartBar} description="Each day's P&L net of deposits.">
        <BarColumns
          name="Daily P&L"
          testId="daily-pnl"
          summary={pnlBarsSummary(days, 'day')}
          bars={days.map((d) => ({ key: d.date, value: d.pnl, title: `${d.date}: ${formatSignedUsd(d.pnl)}` }))}
        />
      </SectionCard>
      <SectionCard
        title="Monthly returns"
        icon={LuCalendarDays}
        description="Chained daily returns of each month and year."
      >
        <MonthlyHeatmap rows={report.monthlyReturns ?? []} />
      </SectionCard>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <SectionCard title="P&L by symbol" icon={LuLayers} description="Round trips closed in the period (FIFO lots).">
          <KeyBars
            name="P&L by symbol"
            rows={keyPnlRows(report.symbols)}
            format={formatSignedUsd}
            empty="No trade closed in this period."
          />
        </SectionCard>
        <SectionCard
          title="P&L by strategy"
          icon={LuLayers}
          description="Each strategy's own fills; manual trades apart."
        >
          <KeyBars
            name="P&L by strategy"
            rows={keyPnlRows(report.strategies)}
            format={formatSignedUsd}
            empty="No trade closed in this period."
          />
        </SectionCard>
      </SimpleGrid>
      <SectionCard
        title="Realised vs unrealised"
        icon={LuScale}
        description="Gains taken in the period beside the open positions' gains now."
      >
        <KeyBars
          name="Realised vs unrealised P&L"
          rows={[
            ...(realised === null ? [] : [{ key: 'realised', label: 'Realised in the period', value: realised }]),
            ...(unrealised === null
              ? []
              : [{ key: 'unrealised', label: 'Unrealised (open positions)', value: unrealised }]),
          ]}
          format={formatSignedUsd}
          empty="No realised or unrealised P&L to show."
        />
      </SectionCard>
    </Stack>
  );
}
