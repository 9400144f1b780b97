import { Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuHistory } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import type { StrategyFieldsFragment } from '../../graphql/generated/graphql';
import { errorText } from '../../graphql/errors';
import { serverFieldErrors } from '../strategies/fieldErrors';
import { strategiesQuery } from '../strategies/queries';
import { BacktestForm } from './components/BacktestForm';
import { FormBesideResult } from './components/FormBesideResult';
import { OpenRun } from './components/OpenRun';
import { RunsSection } from './components/RunsSection';
import { OptimisePanel } from './optimise/OptimisePanel';
import { SelectField } from '../../components/form/SelectField';
import type { BacktestSearch } from './backtestSearch';
import { useStartBacktest } from './mutations';

/**
 * Backtest (spec §1 "backtest and backtesting", issue 13 points 4 and 8): a strategy of the user's on its symbols (or
 * others), with capital, commission and slippage, run on the server's worker threads: a progress bar (the run is
 * polled) with Cancel, then the equity against buy and hold, the drawdown, the metrics and the trades (Export CSV).
 * Below, the strategy's stored runs, two or three of them compared side by side. The Optimise tab searches a
 * template strategy's parameters with walk-forward validation (issue 13 point 5, ./optimise).
 */
export function BacktestPage({ strategyId, runId, tab }: BacktestSearch) {
  const strategies = useQuery(strategiesQuery());
  return (
    <>
      <PageHeader
        title="Backtest"
        description="Test a strategy against historical daily prices. Past results are no promise of future ones."
      />
      <QueryContent query={strategies} what="Strategies">
        {(data) =>
          data.strategies.length === 0 ? (
            <EmptyStateCard
              icon={LuHistory}
              title="No strategy to test"
              description="Create a strategy from a template on the Strategies page, then backtest it here."
            />
          ) : (
            <BacktestTabs
              strategies={data.strategies}
              initialStrategyId={strategyId}
              initialRunId={runId}
              initialTab={tab ?? 'backtest'}
            />
          )
        }
      </QueryContent>
    </>
  );
}

interface TabsProps {
  strategies: readonly StrategyFieldsFragment[];
  initialStrategyId: string | undefined;
  initialRunId: string | undefined;
  initialTab: 'backtest' | 'optimise';
}

/** Backtest and Optimise, one chosen strategy for both. */
function BacktestTabs({ strategies, initialStrategyId, initialRunId, initialTab }: TabsProps) {
  const initial = strategies.find((s) => s.id === initialStrategyId) ?? strategies[0]!;
  const [strategyId, setStrategyId] = useState(initial.id);
  const [tab, setTab] = useState<string>(initialTab);
  const strategy = strategies.find((s) => s.id === strategyId) ?? initial;
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(details) => setTab(details.value)}
      variant="line"
      colorPalette="brand"
      lazyMount
    >
      <Tabs.List mb="5">
        <Tabs.Trigger value="backtest">Backtest</Tabs.Trigger>
        <Tabs.Trigger value="optimise">Optimise</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="backtest" p="0">
        <BacktestWorkspace
          strategies={strategies}
          strategyId={strategy.id}
          onStrategyChange={setStrategyId}
          initialRunId={initialRunId}
        />
      </Tabs.Content>
      <Tabs.Content value="optimise" p="0">
        <Stack gap="5">
          <SelectField
            label="Strategy"
            value={strategy.id}
            options={strategies.map((s) => ({ value: s.id, label: `${s.name} (v${s.version})` }))}
            onChange={setStrategyId}
            maxW="20rem"
          />
          <OptimisePanel strategy={strategy} />
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  );
}

interface WorkspaceProps {
  strategies: readonly StrategyFieldsFragment[];
  strategyId: string;
  onStrategyChange: (id: string) => void;
  initialRunId: string | undefined;
}

function BacktestWorkspace({ strategies, strategyId, onStrategyChange, initialRunId }: WorkspaceProps) {
  const [runId, setRunId] = useState<string | null>(initialRunId ?? null);
  const start = useStartBacktest();
  const fieldErrors = start.error ? serverFieldErrors(start.error) : {};
  const otherError = start.error && Object.keys(fieldErrors).length === 0 ? errorText(start.error) : null;

  const chooseStrategy = (id: string) => {
    onStrategyChange(id);
    setRunId(null);
    start.reset();
  };

  return (
    <Stack gap="5">
      <FormBesideResult
        resultName="Backtest results"
        form={
          <BacktestForm
            strategies={strategies}
            strategyId={strategyId}
            onStrategyChange={chooseStrategy}
            onRun={(input) => start.mutate(input, { onSuccess: (run) => setRunId(run.id) })}
            running={start.isPending}
            fieldErrors={fieldErrors}
          />
        }
      >
        {otherError ? (
          <Text role="alert" color="fg.error" mb="3">
            {otherError}
          </Text>
        ) : null}
        {runId ? (
          <OpenRun runId={runId} />
        ) : (
          <EmptyStateCard
            icon={LuHistory}
            title="No results yet"
            description="Choose the settings and run the backtest: the equity, drawdown, metrics and trades appear here."
          />
        )}
      </FormBesideResult>
      <ComponentErrorBoundary name="Backtest runs">
        <RunsSection strategyId={strategyId} openId={runId} onOpen={setRunId} />
      </ComponentErrorBoundary>
    </Stack>
  );
}
