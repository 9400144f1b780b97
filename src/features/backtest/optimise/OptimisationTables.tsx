import type { OptimisationRunQuery } from '../../../graphql/generated/graphql';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { formatRatio, formatShare, METRIC_ROWS } from '../../strategies/strategyFormat';
import { formatDay } from '../backtestFormat';
import { formatParams, type TemplateParameter } from './optimiseFormat';

export type OptimisationReportData = NonNullable<NonNullable<OptimisationRunQuery['backtestRun']>['report']>;
type Metrics = OptimisationReportData['outOfSampleChained'];
type MetricRow = (typeof METRIC_ROWS)[number];
type WindowRow = OptimisationReportData['windows'][number];
type SpreadRow = OptimisationReportData['stability']['parameters'][number];

const show = (metrics: Metrics | null, row: MetricRow) => (metrics ? row.format(metrics) : '—');

/** Each metric in sample and out of sample side by side (means over the windows), and the chained out of sample. */
export function InOutOfSampleTable({ report }: { report: OptimisationReportData }) {
  const columns: DataTableColumn<MetricRow>[] = [
    { key: 'metric', header: 'Metric', render: (row) => row.label },
    { key: 'in', header: 'In sample', align: 'end', render: (row) => show(report.inSample, row) },
    { key: 'out', header: 'Out of sample', align: 'end', render: (row) => show(report.outOfSample, row) },
    {
      key: 'chained',
      header: 'Out of sample, chained',
      align: 'end',
      render: (row) => show(report.outOfSampleChained, row),
    },
  ];
  return (
    <DataTable
      label="In sample vs out of sample"
      columns={columns}
      rows={METRIC_ROWS}
      getRowKey={(row) => row.key}
      getRowTestId={(row) => `is-oos-${row.key}`}
    />
  );
}

/** One row a walk-forward window: its bars, the set chosen in sample, and the objective in and out of sample. */
export function WindowsTable({
  report,
  parameters,
}: {
  report: OptimisationReportData;
  parameters: readonly TemplateParameter[];
}) {
  const columns: DataTableColumn<WindowRow>[] = [
    { key: 'index', header: '#', render: (w) => w.index + 1 },
    {
      key: 'inSample',
      header: 'In sample',
      nowrap: true,
      render: (w) => `${formatDay(w.inSampleFrom)} – ${formatDay(w.inSampleTo)}`,
    },
    {
      key: 'outOfSample',
      header: 'Out of sample',
      nowrap: true,
      render: (w) => `${formatDay(w.outOfSampleFrom)} – ${formatDay(w.outOfSampleTo)}`,
    },
    { key: 'params', header: 'Chosen', nowrap: true, render: (w) => formatParams(w.parameters, parameters) },
    { key: 'isScore', header: 'Score in', align: 'end', render: (w) => formatRatio(w.inSampleScore) },
    { key: 'oosScore', header: 'Score out', align: 'end', render: (w) => formatRatio(w.outOfSampleScore) },
  ];
  return (
    <DataTable
      label="Walk-forward windows"
      columns={columns}
      rows={report.windows}
      getRowKey={(w) => String(w.index)}
      getRowTestId={(w) => `window-${w.index}`}
    />
  );
}

/** How far each parameter's choice moved between windows (0 % = the same value every time). */
export function StabilityTable({ report }: { report: OptimisationReportData }) {
  const columns: DataTableColumn<SpreadRow>[] = [
    { key: 'name', header: 'Parameter', render: (p) => p.name },
    {
      key: 'range',
      header: 'Chosen',
      align: 'end',
      render: (p) => (p.min === null ? '—' : p.min === p.max ? String(p.min) : `${p.min}–${p.max}`),
    },
    { key: 'spread', header: 'Spread', align: 'end', render: (p) => formatShare(p.relativeSpread) },
    { key: 'stdDev', header: 'Std dev', align: 'end', render: (p) => formatShare(p.relativeStdDev) },
  ];
  return (
    <DataTable
      label="Parameter stability"
      columns={columns}
      rows={report.stability.parameters}
      getRowKey={(p) => p.name}
    />
  );
}
