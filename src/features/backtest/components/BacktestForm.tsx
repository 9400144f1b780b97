import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuHistory, LuPlay } from 'react-icons/lu';
import { NumberField } from '../../../components/form/NumberField';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { SectionCard } from '../../../components/page/SectionCard';
import type { EvolveStrategyInput, StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { parseSymbols } from '../../strategies/strategyFormat';

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
  const symbolsOf = (id: string) => strategies.find((s) => s.id === id)?.symbols.join(', ') ?? '';
  const [symbols, setSymbols] = useState(() => symbolsOf(strategyId));
  const [capital, setCapital] = useState('100000');
  const [commission, setCommission] = useState('0');
  const [slippage, setSlippage] = useState('0');
  const chooseStrategy = (id: string) => {
    setSymbols(symbolsOf(id));
    onStrategyChange(id);
  };
  return (
    <SectionCard title="Settings" icon={LuHistory}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onRun({
            strategyId,
            symbols: parseSymbols(symbols),
            initialCapital: Number(capital),
            commissionCents: Math.round(Number(commission) * 100),
            slippageBps: Math.round(Number(slippage)),
          });
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
          <Button type="submit" colorPalette="brand" loading={running} loadingText="Starting…">
            <LuPlay /> Run backtest
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
