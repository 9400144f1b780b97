/**
 * The schedule dialog's values and the setReportSchedule input they make (pure). The rule is checked with the
 * server's own checks (src/domain/reports/schedule.ts), so a bad value names its field before anything is sent.
 */
import { checkScheduleRule, nextRunAfter, ScheduleInputError } from '../../domain/reports/schedule';
import type {
  ReportFrequency,
  ReportScheduleFieldsFragment,
  ReportScheduleInput,
} from '../../graphql/generated/graphql';

export interface ScheduleFormValues {
  frequency: ReportFrequency;
  /** '1' (Monday) to '7' (Sunday). */
  dayOfWeek: string;
  /** '1' to '28'. */
  dayOfMonth: string;
  /** HH:MM, 24-hour. */
  time: string;
  timezone: string;
}

/** The browser's time zone (Intl), the default of a new schedule. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The values of `schedule`, or a new one's: weekly on Monday at 08:00 in `timezone`. */
export function scheduleFormValues(
  schedule: ReportScheduleFieldsFragment | null,
  timezone: string,
): ScheduleFormValues {
  return {
    frequency: schedule?.frequency ?? 'WEEKLY',
    dayOfWeek: String(schedule?.dayOfWeek ?? 1),
    dayOfMonth: String(schedule?.dayOfMonth ?? 1),
    time: schedule?.time ?? '08:00',
    timezone: schedule?.timezone ?? timezone,
  };
}

export type ScheduleCheck =
  | { ok: true; input: ReportScheduleInput; nextRun: Date }
  | { ok: false; field: keyof ScheduleFormValues; message: string };

/** The input for `templateId` and when it would first run after `now`, or the first bad field. */
export function checkScheduleForm(templateId: string, values: ScheduleFormValues, now: number): ScheduleCheck {
  const weekly = values.frequency === 'WEEKLY';
  try {
    const rule = checkScheduleRule({
      frequency: values.frequency,
      dayOfWeek: weekly ? Number(values.dayOfWeek) : null,
      dayOfMonth: weekly ? null : Number(values.dayOfMonth),
      time: values.time,
      timezone: values.timezone,
    });
    return { ok: true, input: { templateId, ...rule }, nextRun: new Date(nextRunAfter(rule, now)) };
  } catch (error) {
    if (!(error instanceof ScheduleInputError)) throw error;
    const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
    return { ok: false, field: error.field as keyof ScheduleFormValues, message: `${message}.` };
  }
}

/** Every IANA zone the browser knows, with `current` among them (some browsers leave out UTC). */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}
