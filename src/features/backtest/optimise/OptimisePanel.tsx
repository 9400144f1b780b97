import { Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuListOrdered, LuSlidersHorizontal } from 'react-icons/lu';
import { EmptyStateCard } from '../../../components/page/EmptyStateCard';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import type { OptimisationInput, StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { serverFieldErrors } from '../../strategies/fieldErrors';
import { strategyTemplatesQuery } from '../../strategies/queries';
import { FormBesideResult } from '../components/FormBesideResult';
import { useStartOptimisation } from './mutations';
import { OpenOptimisation } from './OpenOptimisation';
import { OptimisationRunsTable } from './OptimisationRunsTable';
import { optimisationErrorText, type TemplateParameter } from './optimiseFormat';
import { OptimiseForm } from './OptimiseForm';
import { optimisationRunsQuery } from './queries';

/**
 * Optimisation of a template strategy's parameters (issue 13 point 5): the settings, the open run (progress and
 * Cancel, then the report and "Save as version N+1"), and the strategy's earlier optimisations.
 */
export function OptimisePanel({ strategy }: { strategy: StrategyFieldsFragment }) {
  const templates = useQuery(strategyTemplatesQuery());
  return (
    <QueryContent query={templates} what="Strategy templates">
      {({ strategyTemplates }) => {
        const template = strategyTemplates.find((t) => t.id === strategy.templateId);
        if (!template) {
          return (
            <EmptyStateCard
              icon={LuSlidersHorizontal}
              title="Only template strategies can be optimised"
              description="This strategy is built from rules, which have no parameter ranges. Choose a strategy made from a template."
            />
          );
        }
        return <OptimiseWorkspace key={strategy.id} strategy={strategy} parameters={template.parameters} />;
      }}
    </QueryContent>
  );
}

interface WorkspaceProps {
  strategy: StrategyFieldsFragment;
  parameters: readonly TemplateParameter[];
}

function OptimiseWorkspace({ strategy, parameters }: WorkspaceProps) {
  const [runId, setRunId] = useState<string | null>(null);
  const [sent, setSent] = useState<OptimisationInput | null>(null);
  const start = useStartOptimisation();
  const runs = useQuery(optimisationRunsQuery(strategy.id));
  const fieldErrors = start.error ? serverFieldErrors(start.error) : {};
  const error =
    start.error && sent && Object.keys(fieldErrors).length === 0
      ? optimisationErrorText(errorText(start.error), sent, parameters)
      : null;
  return (
    <Stack gap="5">
      <FormBesideResult
        resultName="Optimisation results"
        form={
          <OptimiseForm
            strategy={strategy}
            parameters={parameters}
            starting={start.isPending}
            fieldErrors={fieldErrors}
            error={error}
            onStart={(input) => {
              setSent(input);
              start.mutate(input, { onSuccess: (run) => setRunId(run.id) });
            }}
          />
        }
      >
        {runId ? (
          <OpenOptimisation runId={runId} strategy={strategy} parameters={parameters} />
        ) : (
          <EmptyStateCard
            icon={LuSlidersHorizontal}
            title="No optimisation open"
            description="Choose the ranges and start: the in-sample and out-of-sample results of each walk-forward window appear here."
          />
        )}
      </FormBesideResult>
      <SectionCard
        title="Optimisations"
        icon={LuListOrdered}
        description="This strategy's optimisations, newest first."
      >
        <QueryContent query={runs} what="Optimisation runs">
          {({ backtestRuns }) => <OptimisationRunsTable runs={backtestRuns} openId={runId} onOpen={setRunId} />}
        </QueryContent>
      </SectionCard>
    </Stack>
  );
}
