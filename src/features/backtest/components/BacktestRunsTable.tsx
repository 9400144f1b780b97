import { Button, HStack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { BacktestRunsQuery } from '../../../graphql/generated/graphql';
import { formatDateTime } from '../../../lib/format';
import { formatRatio, formatReturn } from '../../strategies/strategyFormat';
import { runRange, runSymbols } from '../runFormat';
import { RunStatusBadge } from './RunStatusBadge';

export type RunRow = BacktestRunsQuery['backtestRuns'][number];

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
      { key: 'date', header: 'Date', nowrap: true, render: (run) => formatDateTime(run.createdAt) },
      { key: 'range', header: 'Range', nowrap: true, render: (run) => runRange(run) },
      { key: 'symbols', header: 'Symbols', render: (run) => runSymbols(run.symbols) },
      {
        key: 'return',
        header: 'Return',
        align: 'end',
        nowrap: true,
        render: (run) => formatReturn(run.result?.metrics.totalReturn),
      },
      {
        key: 'sharpe',
        header: 'Sharpe',
        align: 'end',
        nowrap: true,
        render: (run) => formatRatio(run.result?.metrics.sharpeRatio),
      },
      {
        key: 'drawdown',
        header: 'Max drawdown',
        align: 'end',
        nowrap: true,
        render: (run) => formatReturn(run.result?.metrics.maxDrawdown),
      },
      { key: 'status', header: 'Status', render: (run) => <RunStatusBadge status={run.status} /> },
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
