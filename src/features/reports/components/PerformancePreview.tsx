import { Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { BarColumns } from '../../../components/charts/BarColumns';
import { CurveChart } from '../../../components/charts/CurveChart';
import type { ReportGrouping, ReportPreviewQuery } from '../../../graphql/generated/graphql';
import { formatSignedUsd } from '../../market/formatMarket';
import { equityCurves, equitySummary, groupingUnit, pnlBarsSummary } from '../../analytics/analyticsFormat';
import { MonthlyHeatmap } from '../../analytics/components/MonthlyHeatmap';

type Report = ReportPreviewQuery['performanceReport'];
const COMPACT_HEIGHT = { base: '12rem', md: '14rem' };

/** Equity against the benchmark (a small line chart), P&L per period (bars) and the monthly returns (the heatmap). */
export function PerformancePreview({ report, grouping }: { report: Report; grouping: ReportGrouping }) {
  const equity = report.equity ?? [];
  const series = useMemo(() => equityCurves(report.equity ?? [], report.benchmark), [report.equity, report.benchmark]);
  const summary = equitySummary(equity, report.benchmark);
  return (
    <Stack gap="4">
      {equity.length > 1 ? (
        <Stack gap="1" data-testid="preview-equity-chart">
          <CurveChart series={series} unit="usd" label={summary} height={COMPACT_HEIGHT} />
          <Text textStyle="xs" color="fg.muted">
            {summary}
          </Text>
        </Stack>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          {summary}
        </Text>
      )}
      {report.pnl && report.pnl.length > 0 ? (
        <BarColumns
          name={`P&L per ${groupingUnit(grouping)}`}
          summary={pnlBarsSummary(report.pnl, groupingUnit(grouping))}
          bars={report.pnl.map((bar) => ({
            key: bar.date,
            value: bar.pnl,
            title: `${bar.date}: ${formatSignedUsd(bar.pnl)}`,
          }))}
          height="6rem"
          testId="pnl-bars"
        />
      ) : null}
      {report.monthlyReturns && report.monthlyReturns.length > 0 ? (
        <MonthlyHeatmap rows={report.monthlyReturns} />
      ) : null}
    </Stack>
  );
}
