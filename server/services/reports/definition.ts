/**
 * A custom report's definition (schema/reports.graphql ReportDefinitionInput), checked as performanceReport checks
 * its input (src/domain/analytics/reportPeriod.ts, ../analytics/benchmark.ts), each error naming the field under
 * `definition.` (definition.sections, definition.preset, definition.start, definition.end, definition.benchmark).
 * Sections: at least one, each once, kept in report order (src/domain/reports/sections.ts).
 */
import {
  REPORT_PRESETS,
  ReportInputError,
  resolveReportPeriod,
  type ReportPeriod,
} from '../../../src/domain/analytics/reportPeriod';
import { easternDayNumber } from '../../../src/domain/market/calendar';
import {
  orderedSections,
  REPORT_DOCUMENT_SECTIONS,
  type ReportDocumentSection,
} from '../../../src/domain/reports/sections';
import type { Instrument } from '../../../src/domain/market/universe';
import type { StoredReportDefinition } from '../../db/tables/reports';
import { benchmarkName, badInputField } from '../analytics/benchmark';
import { AppError } from '../errors';

export type ReportSectionName = ReportDocumentSection;

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
    throw badInputField('definition.sections', `at least one of ${REPORT_DOCUMENT_SECTIONS.join(', ')}`);
  const sections = new Set<ReportSectionName>();
  for (const name of given) {
    if (typeof name !== 'string' || !(REPORT_DOCUMENT_SECTIONS as readonly string[]).includes(name))
      throw badInputField(
        'definition.sections',
        `unknown section "${String(name).slice(0, 30)}": use ${REPORT_DOCUMENT_SECTIONS.join(', ')}`,
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
  const ordered = orderedSections(sections);
  return { definition: { sections: ordered, preset, start, end, benchmark }, period, sections: ordered };
}
