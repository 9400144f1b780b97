import { Button } from '@chakra-ui/react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { OptimisationRunFieldsFragment } from '../../../graphql/generated/graphql';
import { formatDateTime } from '../../../lib/format';
import { RunStatusBadge } from '../components/RunStatusBadge';
import { runRange } from '../runFormat';
import { METHOD_LABELS, OBJECTIVE_LABELS } from './optimiseFormat';

interface OptimisationRunsTableProps {
  runs: readonly OptimisationRunFieldsFragment[];
  openId: string | null;
  onOpen: (id: string) => void;
}

/** A strategy's optimisation runs, newest first, each opened in the panel above. */
export function OptimisationRunsTable({ runs, openId, onOpen }: OptimisationRunsTableProps) {
  const columns: DataTableColumn<OptimisationRunFieldsFragment>[] = [
    { key: 'date', header: 'Run at', nowrap: true, render: (run) => formatDateTime(run.createdAt) },
    { key: 'status', header: 'Status', render: (run) => <RunStatusBadge status={run.status} /> },
    {
      key: 'search',
      header: 'Search',
      render: (run) =>
        run.optimisation
          ? `${METHOD_LABELS[run.optimisation.method].split(' ')[0]} · ${OBJECTIVE_LABELS[run.optimisation.objective]} · ${run.optimisation.windows} windows`
          : '—',
    },
    { key: 'range', header: 'Range', nowrap: true, render: runRange },
    {
      key: 'saved',
      header: 'Saved',
      render: (run) => (run.appliedVersion !== null ? `v${run.appliedVersion}` : '—'),
    },
    {
      key: 'open',
      header: 'Open',
      align: 'end',
      render: (run) => (
        <Button size="xs" variant={run.id === openId ? 'subtle' : 'outline'} onClick={() => onOpen(run.id)}>
          {run.id === openId ? 'Open' : 'Show'}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Optimisation runs"
      columns={columns}
      rows={runs}
      getRowKey={(run) => run.id}
      emptyText="No optimisation of this strategy yet."
    />
  );
}
