import type { ReportFrequency, ReportPreset } from '../../graphql/generated/graphql';
import { ANALYTICS_PERIODS, PERIOD_OPTIONS } from '../analytics/analyticsPeriods';
import type { ReportBuilderState } from './builder';

/** The builder's period choices: the presets (one list, analyticsPeriods.ts PERIOD_OPTIONS), then custom dates. */
export const BUILDER_PERIOD_OPTIONS: readonly { value: ReportBuilderState['period']; label: string }[] = [
  ...PERIOD_OPTIONS,
  { value: 'RANGE', label: 'Custom dates' },
];

/** How a saved definition's period reads: "Year to date", "2026-01-02 to 2026-06-30". */
export function periodText(definition: {
  preset: ReportPreset | null;
  start: string | null;
  end: string | null;
}): string {
  if (definition.preset) return ANALYTICS_PERIODS[definition.preset];
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
