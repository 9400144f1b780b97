import { Button, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { QueryLoading } from '../../components/page/QueryContent';
import { useMemo, useState } from 'react';
import { LuBookmark, LuEye, LuSave, LuSlidersHorizontal } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryErrorState } from '../../components/page/QueryErrorState';
import { SectionCard } from '../../components/page/SectionCard';
import { localDb } from '../../data/db';
import { createReportTemplate, updateReportTemplate, type LocalReportTemplate } from '../../data/reportTemplates';
import { orderedSections } from '../../domain/reports/sections';
import { builderProblem, builderStateOf, definitionOf, initialBuilderState, previewInput } from './builder';
import { ExportButtons } from './components/ExportButtons';
import { ReportBuilder } from './components/ReportBuilder';
import { ReportPreview } from './components/ReportPreview';
import { TemplateNameDialog } from './components/TemplateNameDialog';
import { TemplatesList } from './components/TemplatesList';
import { useReportTemplates } from './useReportTemplates';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/** How long the builder must stay unchanged before the preview asks again (typing dates or a symbol). */
const PREVIEW_SETTLE_MS = 400;

/**
 * Custom reports (spec §2; issue 15 point 6): build a report from chosen sections, a period and a benchmark, preview
 * it live, download it as PDF or CSV, save it as a template (on this device first, synced through the outbox) and
 * have a template e-mailed weekly or monthly.
 */
export function CustomReportsPage() {
  const [state, setState] = useState(initialBuilderState);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const { templates, sync, refresh } = useReportTemplates();
  const problem = builderProblem(state);
  const definition = problem ? null : definitionOf(state);
  const settled = useDebouncedValue(state, PREVIEW_SETTLE_MS);
  const settledProblem = builderProblem(settled);
  const preview = useMemo(
    () => (settledProblem ? null : { sections: orderedSections(settled.sections), input: previewInput(settled) }),
    [settled, settledProblem],
  );
  const loaded = templates?.find((template) => template.id === loadedId) ?? null;
  const load = (template: LocalReportTemplate) => {
    setState((current) => builderStateOf(template.definition, current));
    setLoadedId(template.id);
  };
  return (
    <>
      <PageHeader
        title="Custom Reports"
        description="Choose sections, a period and a benchmark; preview, download as PDF or CSV, save and schedule."
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 2fr) minmax(22rem, 1fr)' }}
        gap="5"
        alignItems="start"
      >
        <Stack gap="5" minW="0">
          <SectionCard title="Build a report" icon={LuSlidersHorizontal}>
            <Stack gap="5">
              <ReportBuilder state={state} onChange={setState} problem={problem} />
              <Flex
                direction={{ base: 'column', sm: 'row' }}
                gap="3"
                justify="space-between"
                align={{ sm: 'flex-start' }}
              >
                <HStack gap="2" flexWrap="wrap">
                  <TemplateNameDialog
                    trigger={
                      <Button variant="outline" disabled={!definition}>
                        <LuBookmark aria-hidden /> Save as template
                      </Button>
                    }
                    title="Save as template"
                    submitLabel="Save template"
                    initialName=""
                    onSave={async (name) => {
                      if (definition) setLoadedId(await createReportTemplate(localDb(), name, definition));
                    }}
                  />
                  {loaded && definition ? (
                    <Button
                      variant="ghost"
                      onClick={() => void updateReportTemplate(localDb(), loaded.id, { definition })}
                    >
                      <LuSave aria-hidden /> Save changes to “{loaded.name}”
                    </Button>
                  ) : null}
                </HStack>
                <ExportButtons definition={definition} />
              </Flex>
            </Stack>
          </SectionCard>
          <ComponentErrorBoundary name="Report preview">
            <SectionCard title="Preview" icon={LuEye}>
              {preview ? (
                <ReportPreview sections={preview.sections} input={preview.input} />
              ) : (
                <Text textStyle="sm" color="fg.muted">
                  {settledProblem?.message}
                </Text>
              )}
            </SectionCard>
          </ComponentErrorBoundary>
        </Stack>
        <ComponentErrorBoundary name="Saved templates">
          <SectionCard title="Saved templates" icon={LuBookmark}>
            {templates !== undefined ? (
              <TemplatesList templates={templates} sync={sync} onLoad={load} />
            ) : refresh.isError ? (
              <QueryErrorState
                error={refresh.error}
                what="Templates"
                onRetry={() => void refresh.refetch()}
                retrying={refresh.isFetching}
              />
            ) : (
              <QueryLoading what="Templates" skeletonLines={3} />
            )}
          </SectionCard>
        </ComponentErrorBoundary>
      </Grid>
    </>
  );
}
