import { Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LuListOrdered } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { backtestRunsQuery } from '../queries';
import { RUN_COLUMNS, type RunRow } from './BacktestRunsTable';

/** Runs the strategy detail shows. */
const HISTORY_RUNS = 5;

/** A strategy's last backtest runs, each opening on the Backtest page. */
export function BacktestHistory({ strategyId }: { strategyId: string }) {
  const query = useQuery(backtestRunsQuery(strategyId));
  const columns = useMemo<DataTableColumn<RunRow>[]>(
    () => [
      RUN_COLUMNS.date,
      RUN_COLUMNS.range,
      RUN_COLUMNS.totalReturn,
      RUN_COLUMNS.sharpe,
      RUN_COLUMNS.status,
      {
        key: 'open',
        header: 'Open',
        render: (run) => (
          <Button asChild size="xs" variant="outline">
            <RouterLink to="/backtest" search={{ strategyId, runId: run.id }}>
              Open
            </RouterLink>
          </Button>
        ),
      },
    ],
    [strategyId],
  );
  return (
    <SectionCard title="Backtest history" icon={LuListOrdered} description="The last runs, newest first.">
      <QueryContent query={query} what="Backtest history">
        {({ backtestRuns }) => (
          <DataTable
            label="Backtest history"
            columns={columns}
            rows={backtestRuns.slice(0, HISTORY_RUNS)}
            getRowKey={(run) => run.id}
            emptyText="No backtest runs yet."
          />
        )}
      </QueryContent>
    </SectionCard>
  );
}
