import { NumberField } from '../../../components/form/NumberField';
import { TextField } from '../../../components/form/TextField';
import { parseSymbols } from '../../strategies/strategyFormat';

/** What a backtest and an optimisation both take besides the strategy: symbols, capital and costs, as typed. */
export interface RunInputValues {
  symbols: string;
  capital: string;
  commission: string;
  slippage: string;
}

export function initialRunInputs(symbols: readonly string[]): RunInputValues {
  return { symbols: symbols.join(', '), capital: '100000', commission: '0', slippage: '0' };
}

/** The input's fields (numbers as typed: the server checks them and names the field). */
export function runInput(values: RunInputValues) {
  return {
    symbols: parseSymbols(values.symbols),
    initialCapital: Number(values.capital),
    commissionCents: Math.round(Number(values.commission) * 100),
    slippageBps: Math.round(Number(values.slippage)),
  };
}

interface RunInputFieldsProps {
  values: RunInputValues;
  onChange: (values: RunInputValues) => void;
  fieldErrors: Partial<Record<string, string>>;
}

/** Symbols, initial capital, commission and slippage of a backtest or an optimisation. */
export function RunInputFields({ values, onChange, fieldErrors }: RunInputFieldsProps) {
  const set = (key: keyof RunInputValues) => (value: string) => onChange({ ...values, [key]: value });
  return (
    <>
      <TextField
        label="Symbols"
        value={values.symbols}
        onChange={set('symbols')}
        helper="Empty: the strategy's own. At most 50."
        error={fieldErrors.symbols}
      />
      <NumberField
        label="Initial capital ($)"
        value={values.capital}
        onChange={set('capital')}
        min={1}
        step={1000}
        helper="Split equally between the symbols."
        error={fieldErrors.initialCapital}
      />
      <NumberField
        label="Commission per fill ($)"
        value={values.commission}
        onChange={set('commission')}
        min={0}
        max={100}
        step={0.5}
        error={fieldErrors.commissionCents}
      />
      <NumberField
        label="Slippage (basis points)"
        value={values.slippage}
        onChange={set('slippage')}
        min={0}
        max={1000}
        fractionDigits={0}
        error={fieldErrors.slippageBps}
      />
    </>
  );
}
