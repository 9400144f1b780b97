import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../../graphql/client';
import {
  OptimisationRunDocument,
  OptimisationRunsDocument,
  type OptimisationRunFieldsFragment,
  type OptimisationRunQuery,
} from '../../../graphql/generated/graphql';
import { backtestKeys, isUnfinished, RUN_POLL_MS } from '../queries';

/** One optimisation run with its report; read again every RUN_POLL_MS while it is unfinished. */
export function optimisationRunQuery(id: string) {
  return queryOptions({
    queryKey: backtestKeys.optimisation(id),
    queryFn: () => gqlRequest(OptimisationRunDocument, { id }),
    refetchInterval: (query) => {
      const run = query.state.data?.backtestRun;
      return run && isUnfinished(run.status) ? RUN_POLL_MS : false;
    },
  });
}

/** A strategy's last 10 optimisation runs, newest first. */
export function optimisationRunsQuery(strategyId: string) {
  return queryOptions({
    queryKey: backtestKeys.optimisationList(strategyId),
    queryFn: () => gqlRequest(OptimisationRunsDocument, { strategyId }),
  });
}

/** A run's new state (started, cancelled, saved): its detail keeps its report until read again; lists read again. */
export async function applyOptimisationRun(queryClient: QueryClient, run: OptimisationRunFieldsFragment) {
  queryClient.setQueryData<OptimisationRunQuery>(backtestKeys.optimisation(run.id), (old) => ({
    backtestRun: { ...run, report: old?.backtestRun?.report ?? null },
  }));
  await queryClient.invalidateQueries({ queryKey: [...backtestKeys.optimisations(), 'list'] });
}
