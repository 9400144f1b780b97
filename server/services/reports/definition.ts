/**
 * A custom report's definition (schema/reports.graphql ReportDefinitionInput), checked as performanceReport checks
 * its input (src/domain/analytics/reportPeriod.ts, ../analytics/benchmark.ts), each error naming the field under
 * `definition.` (definition.sections, definition.preset, definition.start, definition.end, definition.benchmark).
 * Sections: at least one, each once; they map onto performanceReport's parts (POSITIONS comes from the broker).
 */
import {
  REPORT_PRESETS,
  ReportInputError,
  resolveReportPeriod,
  type ReportPeriod,
  type ReportSection as ReportPart,
} from '../../../src/domain/analytics/reportPeriod';
import { easternDayNumber } from '../../../src/domain/market/calendar';
import type { Instrument } from '../../../src/domain/market/universe';
import type { StoredReportDefinition } from '../../db/tables/reports';
import { benchmarkName, badInputField } from '../analytics/benchmark';
import { AppError } from '../errors';

/** The builder's sections in the order a report shows them, with the performanceReport parts each needs. */
export const SECTION_PARTS = {
  SUMMARY: ['summary'],
  POSITIONS: [],
  TRADES: ['trades', 'symbols'],
  PERFORMANCE: ['equity', 'pnl', 'monthlyReturns'],
  RISK: ['metrics'],
  STRATEGIES: ['strategies'],
  REALISED_GAINS: ['realisedGains'],
} as const satisfies Record<string, readonly ReportPart[]>;
export type ReportSectionName = keyof typeof SECTION_PARTS;
export const REPORT_SECTION_NAMES = Object.keys(SECTION_PARTS) as ReportSectionName[];

export interface ReportDefinitionInput {
  sections?: readonly unknown[] | null;
  preset?: unknown;
  start?: unknown;
  end?: unknown;
  benchmark?: unknown;
}

export interface CheckedDefinition {
  definition: StoredReportDefinition;
  period: ReportPeriod;
  sections: ReportSectionName[];
}

const optionalText = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badInputField(`definition.${field}`, 'a text');
  return value;
};

/** Checks a definition (bad input: BAD_USER_INPUT naming `definition.<field>`); `now` resolves a preset. */
export function checkDefinition(
  input: ReportDefinitionInput | null | undefined,
  instruments: ReadonlyMap<string, Instrument>,
  now: Date,
): CheckedDefinition {
  if (!input || typeof input !== 'object') throw badInputField('definition', 'a report definition');
  const given = input.sections;
  if (!Array.isArray(given) || given.length === 0)
    throw badInputField('definition.sections', `at least one of ${REPORT_SECTION_NAMES.join(', ')}`);
  const sections = new Set<ReportSectionName>();
  for (const name of given) {
    if (typeof name !== 'string' || !(name in SECTION_PARTS))
      throw badInputField(
        'definition.sections',
        `unknown section "${String(name).slice(0, 30)}": use ${REPORT_SECTION_NAMES.join(', ')}`,
      );
    if (sections.has(name as ReportSectionName)) throw badInputField('definition.sections', `"${name}" is given twice`);
    sections.add(name as ReportSectionName);
  }
  const preset = optionalText(input.preset, 'preset');
  if (preset !== null && !(preset in REPORT_PRESETS))
    throw badInputField('definition.preset', `use one of ${Object.keys(REPORT_PRESETS).join(', ')}`);
  const start = optionalText(input.start, 'start');
  const end = optionalText(input.end, 'end');
  let period: ReportPeriod;
  try {
    period = resolveReportPeriod(
      { preset: preset as keyof typeof REPORT_PRESETS | null, start, end, sections: [] },
      easternDayNumber(now.getTime()),
    );
  } catch (error) {
    if (error instanceof ReportInputError) throw badInputField(`definition.${error.field}`, error.message);
    throw error;
  }
  let benchmark: string;
  try {
    benchmark = benchmarkName(optionalText(input.benchmark, 'benchmark'), instruments);
  } catch (error) {
    if (error instanceof AppError && error.details.field === 'benchmark')
      throw badInputField('definition.benchmark', error.message.replace(/^benchmark: /, ''));
    throw error;
  }
  // In the builder's order, whatever the order given.
  const ordered = REPORT_SECTION_NAMES.filter((name) => sections.has(name));
  return { definition: { sections: ordered, preset, start, end, benchmark }, period, sections: ordered };
}
