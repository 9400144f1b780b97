import { Button, Stack } from '@chakra-ui/react';
import { LuDices, LuPlay } from 'react-icons/lu';
import { NumberField } from '../../components/form/NumberField';
import { SelectField } from '../../components/form/SelectField';
import { SectionCard } from '../../components/page/SectionCard';
import { MONTE_CARLO_LIMITS } from '../../domain/simulation/monteCarlo';
import type { SettingsErrors, SimulationFormValues, SourceKind } from './simulationForm';

interface SimulationFormProps {
  values: SimulationFormValues;
  onChange(values: SimulationFormValues): void;
  strategies: readonly { id: string; name: string; version: number }[];
  errors: SettingsErrors;
  onRun(): void;
}

const SOURCES = [
  { value: 'strategy', label: "A strategy's backtest trades" },
  { value: 'portfolio', label: "The portfolio's daily returns" },
] as const;

/** Source, strategy, horizon, paths, seed and capital, and Run (also while a run goes: it starts again). */
export function SimulationForm({ values, onChange, strategies, errors, onRun }: SimulationFormProps) {
  const set = (field: keyof SimulationFormValues) => (value: string) => onChange({ ...values, [field]: value });
  const { horizon, paths, seed } = MONTE_CARLO_LIMITS;
  return (
    <SectionCard title="Settings" icon={LuDices}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onRun();
        }}
      >
        <Stack gap="4">
          <SelectField
            label="Resample"
            value={values.source}
            options={SOURCES}
            onChange={(value) => onChange({ ...values, source: value as SourceKind })}
          />
          {values.source === 'strategy' && strategies.length > 0 ? (
            <SelectField
              label="Strategy"
              value={values.strategyId}
              options={strategies.map((s) => ({ value: s.id, label: `${s.name} (v${s.version})` }))}
              onChange={set('strategyId')}
            />
          ) : null}
          <NumberField
            label="Horizon (trading days)"
            value={values.horizon}
            onChange={set('horizon')}
            min={horizon.min}
            max={horizon.max}
            step={21}
            fractionDigits={0}
            helper="252 trading days is about a year."
            error={errors.horizon}
          />
          <NumberField
            label="Paths"
            value={values.paths}
            onChange={set('paths')}
            min={paths.min}
            max={paths.max}
            step={1000}
            fractionDigits={0}
            error={errors.paths}
          />
          <NumberField
            label="Seed"
            value={values.seed}
            onChange={set('seed')}
            min={seed.min}
            max={seed.max}
            fractionDigits={0}
            helper="The same seed gives the same paths."
            error={errors.seed}
          />
          <NumberField
            label="Initial capital ($)"
            value={values.initialCapital}
            onChange={set('initialCapital')}
            min={1}
            step={1000}
            error={errors.initialCapital}
          />
          <Button type="submit" colorPalette="brand">
            <LuPlay /> Run simulation
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
