import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { LuSave } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import { StatList } from '../../../components/page/StatList';
import { formatRatio, formatShare } from '../../strategies/strategyFormat';
import { formatParams, OBJECTIVE_LABELS, type TemplateParameter } from './optimiseFormat';
import { InOutOfSampleTable, StabilityTable, WindowsTable, type OptimisationReportData } from './OptimisationTables';

interface OptimisationResultProps {
  report: OptimisationReportData;
  parameters: readonly TemplateParameter[];
  /** The strategy's version now: the winner is saved as the next one. */
  version: number;
  appliedVersion: number | null;
  onSave: () => void;
  saving: boolean;
  saveError: string | null;
}

/** A finished optimisation: the winner and its honesty figures, IS vs OOS, the windows, stability, and Save. */
export function OptimisationResult({
  report,
  parameters,
  version,
  appliedVersion,
  onSave,
  saving,
  saveError,
}: OptimisationResultProps) {
  const objective = OBJECTIVE_LABELS[report.objective];
  return (
    <Stack gap="4">
      <SectionCard
        title="Winner"
        description={`The parameters chosen on the latest in-sample window, by ${objective}.`}
        aside={
          appliedVersion !== null ? (
            <Text textStyle="sm" color="fg.muted">
              Saved as version {appliedVersion}
            </Text>
          ) : (
            <Button
              size="sm"
              colorPalette="brand"
              onClick={onSave}
              loading={saving}
              loadingText="Saving…"
              disabled={!report.winner}
            >
              <LuSave /> Save as version {version + 1}
            </Button>
          )
        }
      >
        <Stack gap="3">
          {saveError ? (
            <Text role="alert" color="fg.error" textStyle="sm">
              {saveError}
            </Text>
          ) : null}
          <StatList
            items={[
              { label: 'Winner', value: formatParams(report.winner, parameters) },
              {
                label: `Mean ${objective}, in → out of sample`,
                value: `${formatRatio(report.meanInSampleScore)} → ${formatRatio(report.meanOutOfSampleScore)}`,
              },
              { label: 'Walk-forward efficiency', value: formatShare(report.efficiency) },
              { label: 'Windows positive out of sample', value: formatShare(report.positiveOutOfSample) },
              {
                label: `Most common choice (${formatShare(report.stability.mostCommonShare)} of windows)`,
                value: formatParams(report.stability.mostCommon, parameters),
              },
              { label: 'Evaluations', value: report.evaluations.toLocaleString('en-US') },
            ]}
          />
        </Stack>
      </SectionCard>
      <Stack gap="2" minW="0">
        <Heading as="h3" textStyle="sm">
          In sample vs out of sample
        </Heading>
        <InOutOfSampleTable report={report} />
      </Stack>
      <Stack gap="2" minW="0">
        <Heading as="h3" textStyle="sm">
          Walk-forward windows
        </Heading>
        <WindowsTable report={report} parameters={parameters} />
      </Stack>
      <Stack gap="2" minW="0">
        <Heading as="h3" textStyle="sm">
          Parameter stability
        </Heading>
        <Text textStyle="xs" color="fg.muted">
          How far each parameter's choice moved between windows, as a share of its range: near 0 % is stable.
        </Text>
        <StabilityTable report={report} />
      </Stack>
    </Stack>
  );
}
