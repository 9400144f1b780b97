import { chakra, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { REPORT_DOCUMENT_SECTIONS, REPORT_SECTION_TITLES } from '../../../domain/reports/sections';
import type { BuilderProblem, ReportBuilderState } from '../builder';
import { BUILDER_PERIOD_OPTIONS } from '../reportLabels';

interface ReportBuilderProps {
  state: ReportBuilderState;
  onChange(state: ReportBuilderState): void;
  problem: BuilderProblem | null;
}

const errorOf = (problem: BuilderProblem | null, field: string) => (problem?.field === field ? problem.message : null);

/** The report's sections (checkboxes), its period (a preset or two dates) and its benchmark. */
export function ReportBuilder({ state, onChange, problem }: ReportBuilderProps) {
  const sectionsLabel = useId();
  const set = (change: Partial<ReportBuilderState>) => onChange({ ...state, ...change });
  const sectionsError = errorOf(problem, 'definition.sections');
  return (
    <Stack gap="5">
      <Stack gap="2" role="group" aria-labelledby={sectionsLabel}>
        <Text id={sectionsLabel} textStyle="sm" fontWeight="medium">
          Sections
        </Text>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
          {REPORT_DOCUMENT_SECTIONS.map((section) => (
            <chakra.label
              key={section}
              display="flex"
              alignItems="center"
              gap="2"
              textStyle="sm"
              cursor="pointer"
              borderWidth="1px"
              borderRadius="md"
              px="2.5"
              py="1.5"
              _hover={{ bg: 'bg.muted' }}
            >
              <chakra.input
                type="checkbox"
                boxSize="4"
                accentColor="brand.solid"
                checked={state.sections.includes(section)}
                onChange={(event) =>
                  set({
                    sections: event.target.checked
                      ? [...state.sections, section]
                      : state.sections.filter((chosen) => chosen !== section),
                  })
                }
              />
              {REPORT_SECTION_TITLES[section]}
            </chakra.label>
          ))}
        </SimpleGrid>
        {sectionsError ? (
          <Text textStyle="sm" color="fg.error" role="alert">
            {sectionsError}
          </Text>
        ) : null}
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4" alignItems="start">
        <SelectField
          label="Period"
          value={state.period}
          options={BUILDER_PERIOD_OPTIONS}
          onChange={(value) => set({ period: value as ReportBuilderState['period'] })}
        />
        {state.period === 'RANGE' ? (
          <>
            <DateField
              label="Start"
              value={state.start}
              onChange={(start) => set({ start })}
              error={errorOf(problem, 'definition.start')}
            />
            <DateField
              label="End"
              value={state.end}
              onChange={(end) => set({ end })}
              error={errorOf(problem, 'definition.end')}
            />
          </>
        ) : null}
        <TextField
          label="Benchmark"
          value={state.benchmark}
          onChange={(benchmark) => set({ benchmark })}
          helper="INDEX (the market index) or a symbol such as SPY"
          error={errorOf(problem, 'definition.benchmark')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function DateField(props: { label: string; value: string; onChange(value: string): void; error: string | null }) {
  return (
    <Field.Root invalid={Boolean(props.error)}>
      <Field.Label>{props.label}</Field.Label>
      <Input type="date" value={props.value} onChange={(event) => props.onChange(event.target.value)} />
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
