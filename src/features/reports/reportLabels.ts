import type { ReportFrequency, ReportPreset } from '../../graphql/generated/graphql';
import type { ReportBuilderState } from './builder';

/** The builder's period choices: the presets of ReportPreset, then custom dates. */
export const PERIOD_OPTIONS: readonly { value: ReportBuilderState['period']; label: string }[] = [
  { value: 'ONE_MONTH', label: 'Last month' },
  { value: 'THREE_MONTHS', label: 'Last 3 months' },
  { value: 'SIX_MONTHS', label: 'Last 6 months' },
  { value: 'YTD', label: 'Year to date' },
  { value: 'ONE_YEAR', label: 'Last year' },
  { value: 'THREE_YEARS', label: 'Last 3 years' },
  { value: 'FIVE_YEARS', label: 'Last 5 years' },
  { value: 'ALL', label: 'All history' },
  { value: 'RANGE', label: 'Custom dates' },
];

export function presetLabel(preset: ReportPreset): string {
  return PERIOD_OPTIONS.find((option) => option.value === preset)?.label ?? preset;
}

/** How a saved definition's period reads: "Year to date", "2026-01-02 to 2026-06-30". */
export function periodText(definition: {
  preset: ReportPreset | null;
  start: string | null;
  end: string | null;
}): string {
  if (definition.preset) return presetLabel(definition.preset);
  return `${definition.start ?? '…'} to ${definition.end ?? 'today'}`;
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "Weekly on Monday at 08:00", "Monthly on day 1 at 07:30". */
export function scheduleText(schedule: {
  frequency: ReportFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  time: string;
}): string {
  return schedule.frequency === 'WEEKLY'
    ? `Weekly on ${WEEKDAYS[(schedule.dayOfWeek ?? 1) - 1] ?? '?'} at ${schedule.time}`
    : `Monthly on day ${schedule.dayOfMonth ?? 1} at ${schedule.time}`;
}
