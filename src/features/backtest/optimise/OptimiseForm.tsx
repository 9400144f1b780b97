import { Button, Grid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlay, LuSlidersHorizontal } from 'react-icons/lu';
import { LabeledSwitch } from '../../../components/form/LabeledSwitch';
import { NumberField } from '../../../components/form/NumberField';
import { SelectField } from '../../../components/form/SelectField';
import { SectionCard } from '../../../components/page/SectionCard';
import type {
  OptimisationInput,
  OptimisationMethod,
  OptimisationObjective,
  StrategyFieldsFragment,
} from '../../../graphql/generated/graphql';
import { initialRunInputs, RunInputFields, runInput } from '../components/RunInputFields';
import {
  METHOD_LABELS,
  OBJECTIVE_LABELS,
  optimisationInput,
  startingRange,
  type RangeDraft,
  type TemplateParameter,
} from './optimiseFormat';

interface OptimiseFormProps {
  strategy: StrategyFieldsFragment;
  parameters: readonly TemplateParameter[];
  onStart: (input: OptimisationInput) => void;
  starting: boolean;
  /** The server's refusal: per field (symbols, capital, costs) or as a whole. */
  fieldErrors: Partial<Record<string, string>>;
  error: string | null;
}

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));

/**
 * An optimisation's settings: the search, the objective, the walk-forward split, and the range of each template
 * parameter to vary (the others keep the strategy's values). Mount it with `key={strategy.id}`.
 */
export function OptimiseForm({ strategy, parameters, onStart, starting, fieldErrors, error }: OptimiseFormProps) {
  const current = (strategy.parameters ?? {}) as Record<string, number>;
  const [method, setMethod] = useState<OptimisationMethod>('GRID');
  const [objective, setObjective] = useState<OptimisationObjective>('SHARPE');
  const [windows, setWindows] = useState('4');
  const [inSamplePercent, setInSamplePercent] = useState('75');
  const [populationSize, setPopulationSize] = useState('24');
  const [generations, setGenerations] = useState('20');
  const [inputs, setInputs] = useState(() => initialRunInputs(strategy.symbols));
  const [ranges, setRanges] = useState<RangeDraft[]>(() => parameters.map((p) => startingRange(p, current[p.name])));
  const edit = (name: string, change: Partial<RangeDraft>) =>
    setRanges((list) => list.map((range) => (range.name === name ? { ...range, ...change } : range)));

  return (
    <SectionCard title="Optimise parameters" icon={LuSlidersHorizontal}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const values = { strategyId: strategy.id, method, objective, windows, inSamplePercent, ranges };
          onStart({ ...runInput(inputs), ...optimisationInput({ ...values, populationSize, generations }) });
        }}
      >
        <Stack gap="4">
          <SelectField
            label="Search"
            value={method}
            options={options(METHOD_LABELS)}
            onChange={(value) => setMethod(value as OptimisationMethod)}
          />
          <SelectField
            label="Maximise"
            value={objective}
            options={options(OBJECTIVE_LABELS)}
            onChange={(value) => setObjective(value as OptimisationObjective)}
          />
          <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="3">
            <NumberField label="Walk-forward windows" value={windows} onChange={setWindows} min={1} max={20} />
            <NumberField
              label="In sample (%)"
              value={inSamplePercent}
              onChange={setInSamplePercent}
              min={50}
              max={90}
              step={5}
            />
            {method === 'EVOLUTIONARY' ? (
              <>
                <NumberField label="Population" value={populationSize} onChange={setPopulationSize} min={2} max={200} />
                <NumberField label="Generations" value={generations} onChange={setGenerations} min={1} max={200} />
              </>
            ) : null}
          </Grid>
          <Text textStyle="xs" color="fg.muted">
            Each window chooses parameters on its in-sample bars and is scored on the bars right after it.
          </Text>
          {parameters.map((parameter) => {
            const range = ranges.find((r) => r.name === parameter.name)!;
            return (
              <Stack key={parameter.name} gap="2" data-testid={`optimise-range-${parameter.name}`}>
                <LabeledSwitch
                  label={`Vary ${parameter.label}`}
                  hint={`Now ${current[parameter.name] ?? parameter.default}; allowed ${parameter.min}–${parameter.max}`}
                  checked={range.vary}
                  onChange={(vary) => edit(parameter.name, { vary })}
                />
                {range.vary ? (
                  <Grid templateColumns="repeat(3, minmax(0, 1fr))" gap="2">
                    {(['min', 'max'] as const).map((key) => (
                      <NumberField
                        key={key}
                        label={key === 'min' ? 'From' : 'To'}
                        value={range[key]}
                        onChange={(value) => edit(parameter.name, { [key]: value })}
                        min={parameter.min}
                        max={parameter.max}
                        step={parameter.step}
                      />
                    ))}
                    <NumberField
                      label="Step"
                      value={range.step}
                      onChange={(step) => edit(parameter.name, { step })}
                      min={parameter.step}
                      step={parameter.step}
                    />
                  </Grid>
                ) : null}
              </Stack>
            );
          })}
          <RunInputFields values={inputs} onChange={setInputs} fieldErrors={fieldErrors} />
          {error ? (
            <Text role="alert" color="fg.error" textStyle="sm">
              {error}
            </Text>
          ) : null}
          <Button type="submit" colorPalette="brand" loading={starting} loadingText="Starting…">
            <LuPlay /> Optimise
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
