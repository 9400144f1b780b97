import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import {
  BacktestRunDocument,
  BacktestRunsDocument,
  type BacktestRunQuery,
  type BacktestRunStatus,
  type BacktestRunSummaryFieldsFragment,
} from '../../graphql/generated/graphql';

/** How often an unfinished run is read again for its progress (the server writes it every 250 ms). */
export const RUN_POLL_MS = 400;

export const backtestKeys = {
  all: ['backtests'] as const,
  lists: () => [...backtestKeys.all, 'list'] as const,
  list: (strategyId: string | null) => [...backtestKeys.lists(), strategyId ?? 'ALL'] as const,
  runs: () => [...backtestKeys.all, 'run'] as const,
  run: (id: string) => [...backtestKeys.runs(), id] as const,
  /** Optimisation runs (./optimise): their own documents, so their own keys. */
  optimisations: () => [...backtestKeys.all, 'optimisation'] as const,
  optimisationList: (strategyId: string) => [...backtestKeys.optimisations(), 'list', strategyId] as const,
  optimisation: (id: string) => [...backtestKeys.optimisations(), 'run', id] as const,
};

export function isUnfinished(status: BacktestRunStatus): boolean {
  return status === 'QUEUED' || status === 'RUNNING';
}

/** One run with its result; read again every RUN_POLL_MS while it is unfinished. */
export function backtestRunQuery(id: string) {
  return queryOptions({
    queryKey: backtestKeys.run(id),
    queryFn: () => gqlRequest(BacktestRunDocument, { id }),
    refetchInterval: (query) => {
      const run = query.state.data?.backtestRun;
      return run && isUnfinished(run.status) ? RUN_POLL_MS : false;
    },
  });
}

/** The user's last 20 runs newest first (of one strategy), with their metrics: the runs list and the comparison. */
export function backtestRunsQuery(strategyId: string | null) {
  return queryOptions({
    queryKey: backtestKeys.list(strategyId),
    queryFn: () => gqlRequest(BacktestRunsDocument, { strategyId }),
  });
}

/** A run's new state (started, cancelled): its detail gets the summary until read again, the lists are read again. */
export async function applyRun(queryClient: QueryClient, run: BacktestRunSummaryFieldsFragment): Promise<void> {
  queryClient.setQueryData<BacktestRunQuery>(backtestKeys.run(run.id), (old) => ({
    backtestRun: { ...run, result: old?.backtestRun?.result ?? null },
  }));
  await queryClient.invalidateQueries({ queryKey: backtestKeys.lists() });
}
