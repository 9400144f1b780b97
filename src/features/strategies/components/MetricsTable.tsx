import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { StrategyMetricsFieldsFragment } from '../../../graphql/generated/graphql';
import { METRIC_ROWS } from '../strategyFormat';

type Row = (typeof METRIC_ROWS)[number];

interface MetricsTableProps {
  metrics: StrategyMetricsFieldsFragment;
  /** Buy and hold of the same symbols, shown in a second column. */
  benchmark?: StrategyMetricsFieldsFragment;
}

/** A backtest's metrics, one a row; the strategy's beside buy and hold's when both are given. */
export function MetricsTable({ metrics, benchmark }: MetricsTableProps) {
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { key: 'label', header: 'Metric', render: (row) => row.label },
      { key: 'strategy', header: 'Strategy', align: 'end', nowrap: true, render: (row) => row.format(metrics) },
      ...(benchmark
        ? [
            {
              key: 'benchmark',
              header: 'Buy and hold',
              align: 'end' as const,
              nowrap: true,
              render: (row: Row) => row.format(benchmark),
            },
          ]
        : []),
    ],
    [metrics, benchmark],
  );
  return (
    <DataTable
      label="Backtest metrics"
      columns={columns}
      rows={METRIC_ROWS}
      getRowKey={(row) => row.key}
      getRowTestId={(row) => `metric-${row.key}`}
    />
  );
}
