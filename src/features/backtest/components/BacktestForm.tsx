import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuHistory, LuPlay } from 'react-icons/lu';
import { SelectField } from '../../../components/form/SelectField';
import { SectionCard } from '../../../components/page/SectionCard';
import type { EvolveStrategyInput, StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { initialRunInputs, RunInputFields, runInput } from './RunInputFields';

interface BacktestFormProps {
  strategies: readonly StrategyFieldsFragment[];
  strategyId: string;
  onStrategyChange: (id: string) => void;
  onRun: (input: EvolveStrategyInput) => void;
  running: boolean;
  fieldErrors: Partial<Record<string, string>>;
}

/** The backtest's settings: strategy, symbols, capital, commission and slippage. */
export function BacktestForm({
  strategies,
  strategyId,
  onStrategyChange,
  onRun,
  running,
  fieldErrors,
}: BacktestFormProps) {
  const symbolsOf = (id: string) => strategies.find((s) => s.id === id)?.symbols ?? [];
  const [values, setValues] = useState(() => initialRunInputs(symbolsOf(strategyId)));
  // Another strategy (chosen here or on the Optimise tab): its symbols, the capital and costs kept.
  const [shownFor, setShownFor] = useState(strategyId);
  if (shownFor !== strategyId) {
    setShownFor(strategyId);
    setValues({ ...values, symbols: initialRunInputs(symbolsOf(strategyId)).symbols });
  }
  return (
    <SectionCard title="Settings" icon={LuHistory}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onRun({ strategyId, ...runInput(values) });
        }}
      >
        <Stack gap="4">
          <SelectField
            label="Strategy"
            value={strategyId}
            options={strategies.map((s) => ({ value: s.id, label: `${s.name} (v${s.version})` }))}
            onChange={onStrategyChange}
          />
          <RunInputFields values={values} onChange={setValues} fieldErrors={fieldErrors} />
          <Button type="submit" colorPalette="brand" loading={running} loadingText="Starting…">
            <LuPlay /> Run backtest
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
