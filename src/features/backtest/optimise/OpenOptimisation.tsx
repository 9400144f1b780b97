import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LuSlidersHorizontal } from 'react-icons/lu';
import { EmptyStateCard } from '../../../components/page/EmptyStateCard';
import { QueryContent } from '../../../components/page/QueryContent';
import type { StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { RunEndedCard } from '../components/RunEndedCard';
import { RunProgress } from '../components/RunProgress';
import { backtestKeys, isUnfinished } from '../queries';
import { useApplyOptimisation, useCancelOptimisation } from './mutations';
import { OptimisationResult } from './OptimisationResult';
import type { TemplateParameter } from './optimiseFormat';
import { optimisationRunQuery } from './queries';

interface OpenOptimisationProps {
  runId: string;
  strategy: StrategyFieldsFragment;
  parameters: readonly TemplateParameter[];
}

/** The open optimisation: its progress while unfinished, then its report (or why it has none). */
export function OpenOptimisation({ runId, strategy, parameters }: OpenOptimisationProps) {
  const query = useQuery(optimisationRunQuery(runId));
  const cancel = useCancelOptimisation();
  const apply = useApplyOptimisation();
  const queryClient = useQueryClient();
  const run = query.data?.backtestRun;
  const finished = run ? !isUnfinished(run.status) : false;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [...backtestKeys.optimisations(), 'list'] });
  }, [finished, queryClient]);

  return (
    <QueryContent query={query} what="Optimisation run">
      {({ backtestRun }) => {
        if (!backtestRun) {
          return (
            <EmptyStateCard icon={LuSlidersHorizontal} title="Run not found" description="This run does not exist." />
          );
        }
        if (isUnfinished(backtestRun.status)) {
          return (
            <RunProgress
              run={backtestRun}
              what="optimisation"
              doing="Scoring parameter sets on the walk-forward windows"
              onCancel={() => cancel.mutate(backtestRun.id)}
              cancelling={cancel.isPending}
            />
          );
        }
        if (backtestRun.status === 'DONE' && backtestRun.report) {
          return (
            <OptimisationResult
              report={backtestRun.report}
              parameters={parameters}
              version={strategy.version}
              appliedVersion={backtestRun.appliedVersion}
              onSave={() => apply.mutate(backtestRun.id)}
              saving={apply.isPending}
              saveError={apply.error ? errorText(apply.error) : null}
            />
          );
        }
        return (
          <RunEndedCard
            icon={LuSlidersHorizontal}
            what="Optimisation"
            status={backtestRun.status}
            error={backtestRun.error}
          />
        );
      }}
    </QueryContent>
  );
}
