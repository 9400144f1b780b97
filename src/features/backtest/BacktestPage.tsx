import { Button, Grid, GridItem, Progress, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuHistory, LuPlay } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { NumberField } from '../../components/form/NumberField';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import type { StrategyFieldsFragment } from '../../graphql/generated/graphql';
import { errorText } from '../../graphql/errors';
import { serverFieldErrors } from '../strategies/fieldErrors';
import { useEvolveStrategy } from '../strategies/mutations';
import { strategiesQuery } from '../strategies/queries';
import { parseSymbols } from '../strategies/strategyFormat';
import { BacktestResults } from './components/BacktestResults';

interface BacktestPageProps {
  /** The strategy chosen when the page opens (`?strategyId=`). */
  strategyId?: string;
}

/**
 * Backtest (spec §1 "backtest and backtesting", §7 evolveStrategy): a strategy of the user's on its symbols (or
 * others), with capital, commission and slippage; the server runs it synchronously on daily bars while an
 * indeterminate bar shows, then the equity against buy and hold, the drawdown, the metrics and the trades.
 */
export function BacktestPage({ strategyId }: BacktestPageProps) {
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
            <BacktestWorkspace strategies={data.strategies} initialStrategyId={strategyId} />
          )
        }
      </QueryContent>
    </>
  );
}

function BacktestWorkspace({
  strategies,
  initialStrategyId,
}: {
  strategies: readonly StrategyFieldsFragment[];
  initialStrategyId: string | undefined;
}) {
  const initial = strategies.find((s) => s.id === initialStrategyId) ?? strategies[0]!;
  const [strategyId, setStrategyId] = useState(initial.id);
  const [symbols, setSymbols] = useState(initial.symbols.join(', '));
  const [capital, setCapital] = useState('100000');
  const [commission, setCommission] = useState('0');
  const [slippage, setSlippage] = useState('0');
  const evolve = useEvolveStrategy();
  const fieldErrors = evolve.error ? serverFieldErrors(evolve.error) : {};
  const otherError = evolve.error && Object.keys(fieldErrors).length === 0 ? errorText(evolve.error) : null;

  const chooseStrategy = (id: string) => {
    setStrategyId(id);
    setSymbols(strategies.find((s) => s.id === id)?.symbols.join(', ') ?? '');
    evolve.reset();
  };
  const run = () =>
    evolve.mutate({
      strategyId,
      symbols: parseSymbols(symbols),
      initialCapital: Number(capital),
      commissionCents: Math.round(Number(commission) * 100),
      slippageBps: Math.round(Number(slippage)),
    });

  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '20rem minmax(0, 1fr)' }} gap="5" alignItems="start">
      <GridItem minW="0">
        <SectionCard title="Settings" icon={LuHistory}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              run();
            }}
          >
            <Stack gap="4">
              <SelectField
                label="Strategy"
                value={strategyId}
                options={strategies.map((s) => ({ value: s.id, label: `${s.name} (v${s.version})` }))}
                onChange={chooseStrategy}
              />
              <TextField
                label="Symbols"
                value={symbols}
                onChange={setSymbols}
                helper="Empty: the strategy's own. At most 50."
                error={fieldErrors.symbols}
              />
              <NumberField
                label="Initial capital ($)"
                value={capital}
                onChange={setCapital}
                min={1}
                step={1000}
                helper="Split equally between the symbols."
                error={fieldErrors.initialCapital}
              />
              <NumberField
                label="Commission per fill ($)"
                value={commission}
                onChange={setCommission}
                min={0}
                max={100}
                step={0.5}
                error={fieldErrors.commissionCents}
              />
              <NumberField
                label="Slippage (basis points)"
                value={slippage}
                onChange={setSlippage}
                min={0}
                max={1000}
                fractionDigits={0}
                error={fieldErrors.slippageBps}
              />
              <Button type="submit" colorPalette="brand" loading={evolve.isPending} loadingText="Running…">
                <LuPlay /> Run backtest
              </Button>
            </Stack>
          </form>
        </SectionCard>
      </GridItem>
      <GridItem minW="0">
        <ComponentErrorBoundary name="Backtest results">
          {evolve.isPending ? (
            <SectionCard title="Running backtest" icon={LuHistory}>
              <Stack gap="2">
                <Progress.Root value={null} size="sm" colorPalette="brand" aria-label="Running backtest">
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text textStyle="sm" color="fg.muted">
                  Replaying the strategy over every daily bar of its symbols…
                </Text>
              </Stack>
            </SectionCard>
          ) : evolve.data ? (
            <BacktestResults backtest={evolve.data} />
          ) : otherError ? (
            <Text role="alert" color="fg.error">
              {otherError}
            </Text>
          ) : (
            <EmptyStateCard
              icon={LuHistory}
              title="No results yet"
              description="Choose the settings and run the backtest: the equity, drawdown, metrics and trades appear here."
            />
          )}
        </ComponentErrorBoundary>
      </GridItem>
    </Grid>
  );
}
