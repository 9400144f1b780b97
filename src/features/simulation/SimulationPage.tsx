import { Button, Grid, GridItem, Progress, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LuDices, LuFlaskConical, LuX } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { SectionCard } from '../../components/page/SectionCard';
import { portfolioQuery } from '../portfolio/queries';
import { strategiesQuery } from '../strategies/queries';
import { preparePortfolio, prepareStrategy } from './prepareRequest';
import { DEFAULT_FORM, parseSettings, type SettingsErrors, type SimulationFormValues } from './simulationForm';
import { SimulationForm } from './SimulationForm';
import { SimulationResults } from './SimulationResults';
import { useMonteCarloWorker, type SimulationRun } from './useMonteCarloWorker';

/**
 * Simulation (issue 13 point 7): a Monte Carlo bootstrap of a strategy's backtest trades or the portfolio's daily
 * returns, run in a Web Worker on the daily prices this device has cached (so it works offline): the fan of
 * equity percentiles, the probability of loss, VaR and CVaR 95 % and the distribution of maximum drawdown.
 */
export function SimulationPage() {
  const queryClient = useQueryClient();
  const strategiesAnswer = useQuery(strategiesQuery());
  const strategies = strategiesAnswer.data?.strategies ?? [];
  const positions = useQuery(portfolioQuery()).data?.portfolio.positions;
  const [values, setValues] = useState<SimulationFormValues>({ ...DEFAULT_FORM, strategyId: '' });
  const [errors, setErrors] = useState<SettingsErrors>({});
  const { run, start, cancel } = useMonteCarloWorker();
  const resultsRef = useRef<HTMLDivElement>(null);
  const strategyId = values.strategyId || strategies[0]?.id || '';

  const onRun = () => {
    const parsed = parseSettings(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    // On a narrow screen the results are under the form: bring the progress bar into view.
    const results = resultsRef.current;
    if (results && results.getBoundingClientRect().top > window.innerHeight * 0.6) {
      results.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
    const { settings } = parsed;
    void start(() =>
      values.source === 'strategy'
        ? prepareStrategy(
            queryClient,
            strategies.find((s) => s.id === strategyId),
            settings,
          )
        : preparePortfolio(queryClient, positions, settings),
    );
  };

  return (
    <>
      <PageHeader
        title="Simulation"
        description="Monte Carlo: resample past results into many possible futures and see their range."
      />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '20rem minmax(0, 1fr)' }} gap="5" alignItems="start">
        <GridItem minW="0">
          <SimulationForm
            values={{ ...values, strategyId }}
            onChange={setValues}
            strategies={strategies}
            errors={errors}
            onRun={onRun}
          />
        </GridItem>
        <GridItem minW="0" ref={resultsRef} scrollMarginTop="5rem">
          <ComponentErrorBoundary name="Simulation results">
            {values.source === 'strategy' &&
            strategiesAnswer.isSuccess &&
            strategies.length === 0 &&
            run.status === 'idle' ? (
              <EmptyStateCard
                icon={LuFlaskConical}
                title="No strategy to simulate"
                description="Create a strategy from a template on the Strategies page, or resample the portfolio's daily returns instead."
              />
            ) : (
              <RunView run={run} onCancel={cancel} />
            )}
          </ComponentErrorBoundary>
        </GridItem>
      </Grid>
    </>
  );
}

function RunView({ run, onCancel }: { run: SimulationRun; onCancel(): void }) {
  switch (run.status) {
    case 'idle':
      return (
        <EmptyStateCard
          icon={LuDices}
          title="No simulation yet"
          description="Choose what to resample and run: the range of outcomes, the risk figures and the drawdowns appear here."
        />
      );
    case 'cancelled':
      return (
        <EmptyStateCard
          icon={LuDices}
          title="Simulation cancelled"
          description="Nothing was kept. Change the settings if you like and run again."
        />
      );
    case 'preparing':
    case 'running': {
      const value = run.status === 'running' ? Math.round(run.progress * 100) : null;
      return (
        <SectionCard
          title="Running simulation"
          icon={LuDices}
          aside={
            <Button size="xs" variant="outline" onClick={onCancel}>
              <LuX /> Cancel
            </Button>
          }
        >
          <Stack gap="2">
            <Progress.Root value={value} size="sm" colorPalette="brand" aria-label="Simulation progress">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text textStyle="sm" color="fg.muted">
              {value === null ? 'Reading the cached daily prices…' : `Simulating the paths… ${value}%`}
            </Text>
          </Stack>
        </SectionCard>
      );
    }
    case 'empty':
      return <EmptyStateCard icon={LuFlaskConical} title="Nothing to simulate" description={run.reason} />;
    case 'error':
      return (
        <Text role="alert" color="fg.error">
          The simulation failed: {run.message}
        </Text>
      );
    case 'done':
      return (
        <Stack gap="3">
          {run.missing.length > 0 ? (
            <Text textStyle="sm" color="fg.muted">
              Left out for want of cached prices: {run.missing.join(', ')}.
            </Text>
          ) : null}
          <SimulationResults result={run.result} sample={run.sample} subject={run.subject} at={run.at} />
        </Stack>
      );
  }
}
