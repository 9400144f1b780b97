import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { StrategyMetricsFieldsFragment } from '../../../graphql/generated/graphql';
import { METRIC_ROWS } from '../strategyFormat';

type Row = (typeof METRIC_ROWS)[number];

interface MetricsTableProps {
  metrics: StrategyMetricsFieldsFragment;
  /** Buy and hold of the same symbols (or another comparison), shown in a second column. */
  benchmark?: StrategyMetricsFieldsFragment;
  /** The two columns' headers (default: Strategy, Buy and hold). */
  headers?: readonly [string, string];
}

/** A backtest's metrics, one a row; the strategy's beside buy and hold's when both are given. */
export function MetricsTable({ metrics, benchmark, headers = ['Strategy', 'Buy and hold'] }: MetricsTableProps) {
  const [first, second] = headers;
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { key: 'label', header: 'Metric', render: (row) => row.label },
      { key: 'strategy', header: first, align: 'end', nowrap: true, render: (row) => row.format(metrics) },
      ...(benchmark
        ? [
            {
              key: 'benchmark',
              header: second,
              align: 'end' as const,
              nowrap: true,
              render: (row: Row) => row.format(benchmark),
            },
          ]
        : []),
    ],
    [metrics, benchmark, first, second],
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
