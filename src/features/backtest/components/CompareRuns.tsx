import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { formatDateTime } from '../../../lib/format';
import { METRIC_ROWS } from '../../strategies/strategyFormat';
import { runRange, runSymbols } from '../runFormat';
import type { RunRow } from './BacktestRunsTable';

type Row = { key: string; label: string; value: (run: RunRow) => string };

const SETTING_ROWS: readonly Row[] = [
  { key: 'date', label: 'Run at', value: (run) => formatDateTime(run.createdAt) },
  { key: 'range', label: 'Range', value: runRange },
  { key: 'symbols', label: 'Symbols', value: (run) => runSymbols(run.symbols) },
  {
    key: 'version',
    label: 'Strategy version',
    value: (run) => (run.strategyVersion ? `v${run.strategyVersion}` : '—'),
  },
  { key: 'costs', label: 'Commission · slippage', value: (run) => `${run.commissionCents}¢ · ${run.slippageBps} bps` },
];

const ROWS: readonly Row[] = [
  ...SETTING_ROWS,
  ...METRIC_ROWS.map((metric) => ({
    key: metric.key,
    label: metric.label,
    value: (run: RunRow) => (run.result ? metric.format(run.result.metrics) : '—'),
  })),
];

/** Two or three finished runs' settings and metrics side by side, one column a run. */
export function CompareRuns({ runs }: { runs: readonly RunRow[] }) {
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { key: 'label', header: 'Metric', render: (row) => row.label },
      ...runs.map((run, i) => ({
        key: run.id,
        header: `Run ${String.fromCharCode(65 + i)}`,
        align: 'end' as const,
        nowrap: true,
        render: (row: Row) => row.value(run),
      })),
    ],
    [runs],
  );
  return (
    <DataTable
      label="Compared runs"
      columns={columns}
      rows={ROWS}
      getRowKey={(row) => row.key}
      getRowTestId={(row) => `compare-${row.key}`}
    />
  );
}
