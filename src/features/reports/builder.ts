/**
 * The Custom reports builder's state and what it asks the server for (issue 15 point 6; pure).
 *
 * Rules:
 * - The period is a preset (ending today) or start and end dates, never both: a definition carries one or the other.
 * - The benchmark is INDEX (the simulated cap-weighted index) or a market symbol, written upper case.
 * - A state that cannot make a report names its field as the server would (definition.sections, definition.start,
 *   definition.end, definition.benchmark), so the same words show before and after asking.
 * - The preview asks performanceReport only for the sections chosen (src/domain/reports/sections.ts), grouped by
 *   day up to three months, by week up to a year and by month beyond.
 */
import { parseDay, REPORT_PRESETS, ReportInputError, resolveReportPeriod } from '../../domain/analytics/reportPeriod';
import { findInstrument } from '../../domain/market/universe';
import { orderedSections, performanceSectionsFor } from '../../domain/reports/sections';
import type {
  PerformanceReportInput,
  ReportDefinitionInput,
  ReportGrouping,
  ReportPreset,
  ReportSection,
} from '../../graphql/generated/graphql';

export const INDEX_BENCHMARK = 'INDEX';

export interface ReportBuilderState {
  sections: ReportSection[];
  /** 'RANGE': the start and end dates below. */
  period: ReportPreset | 'RANGE';
  start: string;
  end: string;
  /** INDEX or a symbol as typed. */
  benchmark: string;
}

export interface BuilderProblem {
  field: string;
  message: string;
}

/** Local calendar date 'YYYY-MM-DD' of `at`. */
export function isoDay(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Summary, performance and risk over the last year against the index; the dates ready for a custom range. */
export function initialBuilderState(today: Date = new Date()): ReportBuilderState {
  const yearAgo = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate());
  return {
    sections: ['SUMMARY', 'PERFORMANCE', 'RISK'],
    period: 'ONE_YEAR',
    start: isoDay(yearAgo),
    end: isoDay(today),
    benchmark: INDEX_BENCHMARK,
  };
}

/** The benchmark as the server takes it: INDEX when empty, else upper case. */
function benchmarkOf(state: ReportBuilderState): string {
  const typed = state.benchmark.trim().toUpperCase();
  return typed === '' ? INDEX_BENCHMARK : typed;
}

/** What keeps the state from making a report, naming the definition's field; null when it can. */
export function builderProblem(state: ReportBuilderState): BuilderProblem | null {
  if (state.sections.length === 0) return { field: 'definition.sections', message: 'Choose at least one section.' };
  const benchmark = benchmarkOf(state);
  if (benchmark !== INDEX_BENCHMARK && !findInstrument(benchmark))
    return {
      field: 'definition.benchmark',
      message: `Unknown symbol "${benchmark.slice(0, 20)}": use INDEX or a symbol of the market.`,
    };
  if (state.period !== 'RANGE') return null;
  try {
    resolveReportPeriod({ start: state.start, end: state.end }, parseDay(state.end, 'end'));
  } catch (error) {
    if (error instanceof ReportInputError) {
      const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
      return { field: `definition.${error.field}`, message: `${message}.` };
    }
    throw error;
  }
  return null;
}

/** The saved or exported definition of the state (sections in report order). */
export function definitionOf(state: ReportBuilderState): ReportDefinitionInput {
  const period = state.period === 'RANGE' ? { start: state.start, end: state.end } : { preset: state.period };
  return { sections: orderedSections(state.sections), ...period, benchmark: benchmarkOf(state) };
}

/** A saved definition loaded into the builder (the dates kept when it is a preset). */
export function builderStateOf(
  definition: {
    sections: readonly ReportSection[];
    preset?: ReportPreset | null;
    start?: string | null;
    end?: string | null;
    benchmark?: string | null;
  },
  current: ReportBuilderState,
): ReportBuilderState {
  const range = !definition.preset && Boolean(definition.start || definition.end);
  return {
    sections: orderedSections(definition.sections),
    period: range ? 'RANGE' : (definition.preset ?? 'ONE_YEAR'),
    start: range && definition.start ? definition.start : current.start,
    end: range && definition.end ? definition.end : current.end,
    benchmark: definition.benchmark ?? INDEX_BENCHMARK,
  };
}

const DAY_MS = 86_400_000;

/** Grouping of the preview's P&L bars for the period's length. */
export function previewGrouping(state: ReportBuilderState): ReportGrouping {
  const months =
    state.period === 'RANGE'
      ? (Date.parse(state.end) - Date.parse(state.start)) / DAY_MS / 30.4
      : (REPORT_PRESETS[state.period] ?? 12);
  if (months <= 3) return 'DAY';
  return months <= 12 ? 'WEEK' : 'MONTH';
}

/** The performanceReport input of the preview; null when only positions are chosen (nothing to ask for). */
export function previewInput(state: ReportBuilderState): PerformanceReportInput | null {
  const sections = performanceSectionsFor(state.sections);
  if (sections.length === 0) return null;
  const { preset, start, end, benchmark } = definitionOf(state);
  return { preset, start, end, benchmark, sections, grouping: previewGrouping(state) };
}
