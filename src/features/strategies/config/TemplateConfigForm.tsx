import { Button, Grid, GridItem, Separator, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuSlidersHorizontal, LuWorkflow } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import type { Interval } from '../../../domain/market/candle';
import type { StrategyTemplatesQuery } from '../../../graphql/generated/graphql';
import { parseSymbols } from '../strategyFormat';
import { invalidNote } from './invalidNote';
import { SaveBar } from './SaveBar';
import { SetupFields } from './SetupFields';
import { SignalPreview, type PreviewInput } from './SignalPreview';
import { readTemplateForm, type TemplateFormValues } from './templateForm';
import { TemplateParameterFields } from './TemplateParameterFields';
import { useSaveStrategy } from './useSaveStrategy';

type Template = StrategyTemplatesQuery['strategyTemplates'][number];

interface TemplateConfigFormProps {
  strategyId: string;
  template: Template;
  initial: TemplateFormValues;
  savedVersion: number | null;
  onSaved(version: number): void;
  /** Opens the rule builder seeded with the stored definition. */
  onSwitchToCustom(): void;
}

/**
 * A template strategy's configuration: its template's parameters as a form (range, step, default), symbols and
 * interval, checked by the domain's template rules as typed, then by the server; saved as an update of them.
 */
export function TemplateConfigForm(props: TemplateConfigFormProps) {
  const { strategyId, template, initial, savedVersion, onSaved, onSwitchToCustom } = props;
  const [values, setValues] = useState(initial);
  const saving = useSaveStrategy(strategyId, onSaved);
  const read = useMemo(() => readTemplateForm(values), [values]);
  const errors = { ...(read.ok ? {} : read.errors), ...saving.serverErrors };
  const preview: PreviewInput = useMemo(
    () => (read.ok ? { definition: read.definition } : { invalid: invalidNote(read.errors) }),
    [read],
  );
  const change = (next: Partial<TemplateFormValues>) => {
    saving.clearServerErrors();
    setValues((current) => ({ ...current, ...next }));
  };
  const save = () => {
    if (!read.ok) return;
    saving.save({
      templateId: template.id,
      parameters: read.parameters,
      symbols: read.symbols,
      interval: values.interval,
    });
  };

  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
      <GridItem minW="0">
        <SectionCard title={template.name} icon={LuSlidersHorizontal} description="Template parameters">
          <Stack gap="4">
            <Text textStyle="sm" color="fg.muted">
              {template.description}
            </Text>
            <TemplateParameterFields
              parameters={template.parameters}
              values={values.parameters}
              onChange={(name, value) => change({ parameters: { ...values.parameters, [name]: value } })}
              errors={errors}
            />
            <Separator />
            <SetupFields
              symbols={values.symbols}
              interval={values.interval}
              onSymbols={(symbols) => change({ symbols })}
              onInterval={(interval: Interval) => change({ interval })}
              errors={errors}
            />
            <SaveBar onSave={save} saving={saving.saving} savedVersion={savedVersion} formError={saving.formError}>
              <Button variant="outline" size="sm" onClick={onSwitchToCustom}>
                <LuWorkflow /> Switch to custom rules
              </Button>
            </SaveBar>
          </Stack>
        </SectionCard>
      </GridItem>
      <GridItem minW="0">
        <SignalPreview input={preview} symbol={parseSymbols(values.symbols)[0]} />
      </GridItem>
    </Grid>
  );
}
