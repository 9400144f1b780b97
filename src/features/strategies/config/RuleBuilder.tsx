import { Grid, GridItem, Separator, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuListChecks } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import { canonicalJson, parseDefinition } from '../../../domain/strategies';
import { parseSymbols } from '../strategyFormat';
import { draftInput, errorsByField, type Draft } from './draft';
import { invalidNote } from './invalidNote';
import { RuleSetEditor } from './RuleSetEditor';
import { SaveBar } from './SaveBar';
import { SetupFields } from './SetupFields';
import { SignalPreview, type PreviewInput } from './SignalPreview';
import { SizingStopsEditor } from './SizingStopsEditor';
import { useSaveStrategy } from './useSaveStrategy';

interface RuleBuilderProps {
  strategyId: string;
  initial: Draft;
  savedVersion: number | null;
  onSaved(version: number): void;
}

/**
 * Custom rules: entry and exit conditions, sizing, stops, symbols and interval, checked in the browser by the
 * domain's `parseDefinition` (the server's own check) with each error at its field; saved as the definition's
 * canonical JSON (`code`).
 */
export function RuleBuilder({ strategyId, initial, savedVersion, onSaved }: RuleBuilderProps) {
  const [draft, setDraft] = useState(initial);
  const saving = useSaveStrategy(strategyId, onSaved);
  const parsed = useMemo(() => parseDefinition(draftInput(draft)), [draft]);
  const clientErrors = useMemo(() => (parsed.ok ? {} : errorsByField(parsed.errors)), [parsed]);
  const errors = { ...clientErrors, ...saving.serverErrors };
  const preview: PreviewInput = useMemo(
    () => (parsed.ok ? { definition: parsed.definition } : { invalid: invalidNote(clientErrors) }),
    [parsed, clientErrors],
  );
  const change =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) => {
      saving.clearServerErrors();
      setDraft((current) => ({ ...current, [key]: value }));
    };

  const save = () => {
    if (parsed.ok) saving.save({ code: canonicalJson(parsed.definition) });
  };

  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
      <GridItem minW="0">
        <SectionCard title="Rules" icon={LuListChecks} description="Custom rules over the app's indicators.">
          <Stack gap="5">
            <SetupFields
              symbols={draft.symbols}
              interval={draft.interval}
              onSymbols={change('symbols')}
              onInterval={change('interval')}
              errors={errors}
            />
            <Separator />
            <RuleSetEditor side="entry" rules={draft.entry} onChange={change('entry')} errors={errors} />
            <Separator />
            <RuleSetEditor side="exit" rules={draft.exit} onChange={change('exit')} errors={errors} />
            <Separator />
            <SizingStopsEditor
              sizing={draft.sizing}
              stops={draft.stops}
              onSizing={change('sizing')}
              onStops={change('stops')}
              errors={errors}
            />
            <SaveBar
              onSave={save}
              saving={saving.saving}
              savedVersion={savedVersion}
              formError={saving.formError ?? (parsed.ok ? null : 'Fix the fields marked in red to save.')}
            />
          </Stack>
        </SectionCard>
      </GridItem>
      <GridItem minW="0" position={{ xl: 'sticky' }} top={{ xl: '4' }}>
        <SignalPreview input={preview} symbol={parseSymbols(draft.symbols)[0]} />
      </GridItem>
    </Grid>
  );
}
