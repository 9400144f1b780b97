import { Button, HStack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { BacktestRunsQuery } from '../../../graphql/generated/graphql';
import { formatDateTime } from '../../../lib/format';
import { formatRatio, formatReturn } from '../../strategies/strategyFormat';
import { runRange, runSymbols } from '../runFormat';
import { RunStatusBadge } from './RunStatusBadge';

export type RunRow = BacktestRunsQuery['backtestRuns'][number];

/** A metric of a run's result in a column ('—' until it has one). */
const metricColumn = (key: string, header: string, value: (run: RunRow) => string): DataTableColumn<RunRow> => ({
  key,
  header,
  align: 'end',
  nowrap: true,
  render: value,
});

/** The columns the runs list and a strategy's backtest history share. */
export const RUN_COLUMNS = {
  date: { key: 'date', header: 'Date', nowrap: true, render: (run) => formatDateTime(run.createdAt) },
  range: { key: 'range', header: 'Range', nowrap: true, render: runRange },
  totalReturn: metricColumn('return', 'Return', (run) => formatReturn(run.result?.metrics.totalReturn)),
  sharpe: metricColumn('sharpe', 'Sharpe', (run) => formatRatio(run.result?.metrics.sharpeRatio)),
  drawdown: metricColumn('drawdown', 'Max drawdown', (run) => formatReturn(run.result?.metrics.maxDrawdown)),
  status: { key: 'status', header: 'Status', render: (run) => <RunStatusBadge status={run.status} /> },
} satisfies Record<string, DataTableColumn<RunRow>>;

interface BacktestRunsTableProps {
  runs: readonly RunRow[];
  /** The run shown above the list. */
  openId: string | null;
  onOpen: (id: string) => void;
  /** Runs chosen for the comparison (finished ones only). */
  compared: readonly string[];
  onToggleCompare: (id: string) => void;
  /** At most this many may be compared. */
  maxCompared: number;
}

/** A strategy's stored runs, newest first: when, range, symbols, return, Sharpe, max drawdown and status. */
export function BacktestRunsTable({
  runs,
  openId,
  onOpen,
  compared,
  onToggleCompare,
  maxCompared,
}: BacktestRunsTableProps) {
  const columns = useMemo<DataTableColumn<RunRow>[]>(
    () => [
      RUN_COLUMNS.date,
      RUN_COLUMNS.range,
      { key: 'symbols', header: 'Symbols', render: (run) => runSymbols(run.symbols) },
      RUN_COLUMNS.totalReturn,
      RUN_COLUMNS.sharpe,
      RUN_COLUMNS.drawdown,
      RUN_COLUMNS.status,
      {
        key: 'actions',
        header: 'Actions',
        nowrap: true,
        render: (run) => {
          const chosen = compared.includes(run.id);
          return (
            <HStack gap="2">
              <Button size="xs" variant={run.id === openId ? 'solid' : 'outline'} onClick={() => onOpen(run.id)}>
                Open
              </Button>
              <Button
                size="xs"
                variant={chosen ? 'solid' : 'outline'}
                colorPalette={chosen ? 'brand' : undefined}
                aria-pressed={chosen}
                disabled={!run.result || (!chosen && compared.length >= maxCompared)}
                onClick={() => onToggleCompare(run.id)}
              >
                Compare
              </Button>
            </HStack>
          );
        },
      },
    ],
    [openId, onOpen, compared, onToggleCompare, maxCompared],
  );
  return (
    <DataTable
      label="Backtest runs"
      columns={columns}
      rows={runs}
      getRowKey={(run) => run.id}
      getRowTestId={() => 'backtest-run'}
      emptyText="No runs of this strategy yet."
    />
  );
}
