import { Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { BarColumns } from '../../../components/charts/BarColumns';
import { CurveChart, type CurveSeries } from '../../../components/charts/CurveChart';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { ReportGrouping, ReportPreviewQuery } from '../../../graphql/generated/graphql';
import { changeColor, formatSignedUsd } from '../../market/formatMarket';
import { formatReturn } from '../../strategies/strategyFormat';
import { equitySummary, groupingUnit, pnlBarsSummary } from '../previewText';

type Report = ReportPreviewQuery['performanceReport'];
type Year = NonNullable<Report['monthlyReturns']>[number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const COMPACT_HEIGHT = { base: '12rem', md: '14rem' };

const monthCell = (value: number | null | undefined) => ({ color: changeColor(value) });

const YEAR_COLUMNS: readonly DataTableColumn<Year>[] = [
  { key: 'year', header: 'Year', render: (row) => row.year },
  ...MONTHS.map((month, index): DataTableColumn<Year> => ({
    key: month,
    header: month,
    align: 'end',
    nowrap: true,
    cellProps: (row) => monthCell(row.months[index]),
    render: (row) => formatReturn(row.months[index]),
  })),
  {
    key: 'total',
    header: 'Total',
    align: 'end',
    nowrap: true,
    cellProps: (row) => ({ ...monthCell(row.total), fontWeight: 'semibold' }),
    render: (row) => formatReturn(row.total),
  },
];

/** Equity against the benchmark (a small line chart), P&L per period (bars) and the monthly returns table. */
export function PerformancePreview({ report, grouping }: { report: Report; grouping: ReportGrouping }) {
  const series = useMemo<CurveSeries[]>(() => {
    const equity = report.equity ?? [];
    const time = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
    const lines: CurveSeries[] = [
      {
        name: 'Equity',
        color: 'strategy',
        points: equity.map((point) => ({ time: time(point.date), value: point.equity })),
      },
    ];
    const benchmark = equity.flatMap((point) =>
      point.benchmark === null ? [] : [{ time: time(point.date), value: point.benchmark }],
    );
    if (benchmark.length > 0)
      lines.push({
        name: report.benchmark === 'INDEX' ? 'Index' : report.benchmark,
        color: 'benchmark',
        points: benchmark,
      });
    return lines;
  }, [report.equity, report.benchmark]);
  const equity = report.equity ?? [];
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
        <DataTable
          label="Monthly returns"
          columns={YEAR_COLUMNS}
          rows={report.monthlyReturns}
          getRowKey={(row) => String(row.year)}
        />
      ) : null}
    </Stack>
  );
}
