import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { LuCalendarClock } from 'react-icons/lu';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useFormDialog } from '../../../components/dialog/useFormDialog';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice';
import { SelectField } from '../../../components/form/SelectField';
import type { LocalReportTemplate } from '../../../data/reportTemplates';
import { errorText } from '../../../graphql/errors';
import { formatDateTime } from '../../../lib/format';
import { useOnline } from '../../orders/useOnline';
import { useDeleteReportSchedule, useSetReportSchedule } from '../mutations';
import { WEEKDAYS } from '../reportLabels';
import { browserTimeZone, checkScheduleForm, scheduleFormValues, timeZoneOptions } from '../scheduleForm';

const FREQUENCIES = [
  { value: 'WEEKLY' as const, label: 'Weekly' },
  { value: 'MONTHLY' as const, label: 'Monthly' },
];
const WEEKDAY_OPTIONS = WEEKDAYS.map((label, index) => ({ value: String(index + 1), label }));
const MONTH_DAY_OPTIONS = Array.from({ length: 28 }, (_, index) => ({
  value: String(index + 1),
  label: String(index + 1),
}));

interface ScheduleDialogProps {
  template: LocalReportTemplate;
  /** Why a schedule cannot be set now (the template is not on the server yet); null when it can. */
  blockedReason: string | null;
}

/** E-mails the template's PDF weekly or monthly at a time in a time zone (online only: set on the server). */
export function ScheduleDialog({ template, blockedReason }: ScheduleDialogProps) {
  const online = useOnline();
  const frequencyLabel = useId();
  const form = useFormDialog(() => scheduleFormValues(template.schedule, browserTimeZone()));
  const setSchedule = useSetReportSchedule();
  const removeSchedule = useDeleteReportSchedule();
  const zones = useMemo(
    () => timeZoneOptions(form.values.timezone).map((zone) => ({ value: zone, label: zone })),
    [form.values.timezone],
  );
  const [openedAt] = useState(Date.now);
  const check = checkScheduleForm(template.id, form.values, openedAt);
  const fieldError = (field: string) => (form.showErrors && !check.ok && check.field === field ? check.message : null);
  const reason = !online ? "You're offline. Schedules need a connection." : blockedReason;
  const failure = setSchedule.error ?? removeSchedule.error;
  return (
    <FormDialog
      {...form.dialog}
      trigger={
        <Button size="xs" variant="outline" aria-label={`Schedule ${template.name}`}>
          <LuCalendarClock aria-hidden /> Schedule
        </Button>
      }
      title={`E-mail “${template.name}”`}
      submitLabel="Save schedule"
      submitting={setSchedule.isPending}
      submitDisabled={reason !== null}
      onSubmit={() => {
        form.setShowErrors(true);
        if (!check.ok || reason) return;
        setSchedule.mutate(check.input, { onSuccess: form.close });
      }}
    >
      <Stack gap="4">
        <Text textStyle="sm" color="fg.muted">
          The report's PDF is e-mailed to your address once each week or month, at this time in this time zone.
        </Text>
        <Stack gap="1.5">
          <Text id={frequencyLabel} textStyle="sm" fontWeight="medium">
            Frequency
          </Text>
          <SegmentedChoice
            items={FREQUENCIES}
            value={form.values.frequency}
            onChange={form.set('frequency')}
            labelledBy={frequencyLabel}
          />
        </Stack>
        <SimpleGrid columns={2} gap="3">
          {form.values.frequency === 'WEEKLY' ? (
            <SelectField
              label="Day"
              value={form.values.dayOfWeek}
              options={WEEKDAY_OPTIONS}
              onChange={form.set('dayOfWeek')}
            />
          ) : (
            <SelectField
              label="Day of the month"
              value={form.values.dayOfMonth}
              options={MONTH_DAY_OPTIONS}
              onChange={form.set('dayOfMonth')}
            />
          )}
          <Field.Root invalid={Boolean(fieldError('time'))}>
            <Field.Label>Time</Field.Label>
            <Input type="time" value={form.values.time} onChange={(event) => form.set('time')(event.target.value)} />
            {fieldError('time') ? <Field.ErrorText>{fieldError('time')}</Field.ErrorText> : null}
          </Field.Root>
        </SimpleGrid>
        <SelectField label="Time zone" value={form.values.timezone} options={zones} onChange={form.set('timezone')} />
        <Text textStyle="sm" color={check.ok ? 'fg.muted' : 'fg.error'} data-testid="schedule-next-run">
          {check.ok ? `First e-mail: ${formatDateTime(check.nextRun.toISOString())}` : check.message}
        </Text>
        {reason ? (
          <Text textStyle="sm" color="fg.warning" role="status">
            {reason}
          </Text>
        ) : null}
        {failure ? (
          <Text textStyle="sm" color="fg.error" role="alert">
            {errorText(failure)}
          </Text>
        ) : null}
        {template.schedule ? (
          <Button
            alignSelf="flex-start"
            size="sm"
            variant="ghost"
            colorPalette="red"
            disabled={reason !== null}
            loading={removeSchedule.isPending}
            onClick={() => removeSchedule.mutate(template.id, { onSuccess: form.close })}
          >
            Stop e-mailing
          </Button>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
