import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LuPencil, LuUpload } from 'react-icons/lu';
import { EmptyText } from '../../../components/table/DataTable';
import { localDb } from '../../../data/db';
import {
  deleteReportTemplate,
  updateReportTemplate,
  type LocalReportTemplate,
  type TemplateSync,
} from '../../../data/reportTemplates';
import { REPORT_SECTION_TITLES } from '../../../domain/reports/sections';
import { formatDateTime } from '../../../lib/format';
import { NotSyncedBadge } from '../../outbox/NotSyncedBadge';
import { ConfirmDeleteDialog } from '../../watchlists/components/ConfirmDeleteDialog';
import { benchmarkName } from '../../analytics/analyticsFormat';
import { periodText, scheduleText } from '../reportLabels';
import { ScheduleDialog } from './ScheduleDialog';
import { TemplateNameDialog } from './TemplateNameDialog';

interface TemplatesListProps {
  templates: readonly LocalReportTemplate[];
  sync: ReadonlyMap<string, TemplateSync>;
  onLoad(template: LocalReportTemplate): void;
}

/** The saved templates, newest first: what each holds, its schedule, and Load, Rename, Schedule, Delete. */
export function TemplatesList({ templates, sync, onLoad }: TemplatesListProps) {
  if (templates.length === 0)
    return <EmptyText>No templates yet. Build a report above and save it with “Save as template”.</EmptyText>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Saved templates">
      {templates.map((template) => (
        <TemplateRow key={template.id} template={template} sync={sync.get(template.id)} onLoad={onLoad} />
      ))}
    </Stack>
  );
}

function TemplateRow({
  template,
  sync,
  onLoad,
}: {
  template: LocalReportTemplate;
  sync: TemplateSync | undefined;
  onLoad(template: LocalReportTemplate): void;
}) {
  const { definition, schedule } = template;
  const sections = definition.sections.map((section) => REPORT_SECTION_TITLES[section]).join(', ');
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3" data-testid="report-template" aria-label={template.name}>
      <Flex direction="column" gap="3">
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" wordBreak="break-word">
              {template.name}
            </Text>
            {sync?.state === 'pending' ? <NotSyncedBadge /> : null}
            {sync?.state === 'failed' ? (
              <Badge size="sm" variant="subtle" colorPalette="red" title="The server refused this change.">
                Not saved
              </Badge>
            ) : null}
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            {periodText(definition)} against {benchmarkName(definition.benchmark)}: {sections}
          </Text>
          {sync?.state === 'failed' ? (
            <Text textStyle="xs" color="fg.error">
              {sync.error}
            </Text>
          ) : null}
          <Text textStyle="xs" color="fg.muted" data-testid="template-schedule">
            {schedule
              ? `${scheduleText(schedule)} (${schedule.timezone}) · next ${formatDateTime(schedule.nextRunAt)} · ` +
                (schedule.lastSentAt ? `last sent ${formatDateTime(schedule.lastSentAt)}` : 'not sent yet')
              : 'Not e-mailed'}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <Button size="xs" onClick={() => onLoad(template)} aria-label={`Load ${template.name}`}>
            <LuUpload aria-hidden /> Load
          </Button>
          <TemplateNameDialog
            trigger={
              <Button size="xs" variant="outline" aria-label={`Rename ${template.name}`}>
                <LuPencil aria-hidden /> Rename
              </Button>
            }
            title="Rename template"
            submitLabel="Rename"
            initialName={template.name}
            onSave={(name) => updateReportTemplate(localDb(), template.id, { name })}
          />
          <ScheduleDialog
            template={template}
            blockedReason={sync ? 'This template is not on the server yet: schedule it once it is synced.' : null}
          />
          <ConfirmDeleteDialog
            what={`template “${template.name}”`}
            label={`Delete ${template.name}`}
            onConfirm={() => deleteReportTemplate(localDb(), template.id)}
          />
        </HStack>
      </Flex>
    </Box>
  );
}
