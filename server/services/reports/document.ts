/**
 * The custom report document (issue 15 point 6): the sections a definition asks for, gathered once and rendered as
 * PDF (./pdf.ts) or CSV (./csv.ts), so both files hold the same figures.
 *
 * - Figures come from performanceReport (summary, performance, risk, trades, strategies, realised gains; grouping
 *   MONTH: the P&L table and bars are monthly) and the positions from the user's broker (paper or live), as
 *   portfolioAnalysis reads them.
 * - Each section is tables (columns with a format for their numbers) and charts (the equity against the benchmark,
 *   the monthly P&L bars). A table marked `pdf: false` (the daily equity series) is in the CSV only: the PDF draws it.
 */
import type { Instrument } from '../../../src/domain/market/universe';
import type { Portfolio } from '../../../src/domain/trading/account';
import type { PerformanceReportInput } from '../analytics/performanceReport';
import { performanceSectionsFor, REPORT_SECTION_TITLES } from '../../../src/domain/reports/sections';
import { checkDefinition, type ReportDefinitionInput, type ReportSectionName } from './definition';
import { keyPnl, performance, positions, realisedGains, risk, summary, trades, type Report } from './sections';

export type CellFormat = 'text' | 'money' | 'percent' | 'number' | 'int' | 'date';
export type Cell = string | number | null | { value: number | null; format: CellFormat };

export interface ReportTable {
  title: string;
  columns: { header: string; format: CellFormat }[];
  rows: Cell[][];
  /** false: in the CSV only (a long series the PDF draws as a chart). */
  pdf?: boolean;
}

export type ReportChart =
  | { kind: 'line'; title: string; labels: string[]; series: { name: string; values: (number | null)[] }[] }
  | { kind: 'bars'; title: string; labels: string[]; values: number[] };

export interface ReportDocumentSection {
  name: ReportSectionName;
  title: string;
  note: string | null;
  tables: ReportTable[];
  charts: ReportChart[];
}

export interface ReportDocument {
  title: string;
  start: string;
  end: string;
  benchmark: string;
  generatedAt: string;
  sections: ReportDocumentSection[];
}

/** The sections of `report` (and `portfolio` for POSITIONS) in the definition's order. */
export function reportDocument(
  sections: readonly ReportSectionName[],
  report: Report,
  portfolio: Portfolio | null,
  generatedAt: Date,
  title = 'Performance report',
): ReportDocument {
  const section = (name: ReportSectionName): ReportDocumentSection => {
    const base = { name, title: REPORT_SECTION_TITLES[name], note: null, tables: [], charts: [] };
    switch (name) {
      case 'SUMMARY':
        return { ...base, ...summary(report) };
      case 'POSITIONS':
        return { ...base, tables: [positions(portfolio!)] };
      case 'TRADES':
        return { ...base, tables: trades(report) };
      case 'PERFORMANCE':
        return { ...base, ...performance(report) };
      case 'RISK':
        return { ...base, ...risk(report) };
      case 'STRATEGIES':
        return { ...base, tables: [keyPnl('P&L by strategy', 'Strategy', report.strategies ?? [])] };
      case 'REALISED_GAINS':
        return { ...base, tables: realisedGains(report) };
    }
  };
  return {
    title,
    start: report.start,
    end: report.end,
    benchmark: report.benchmark,
    generatedAt: generatedAt.toISOString(),
    sections: sections.map(section),
  };
}

export interface ReportBuilderDeps {
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  performanceReport: (userId: string, input: PerformanceReportInput) => Promise<Report>;
  portfolio: (userId: string) => Promise<Portfolio>;
  now: () => Date;
}

/** Checks a definition (bad input names `definition.<field>`) and gathers its document for the user. */
export function createReportBuilder(deps: ReportBuilderDeps) {
  return async function buildReport(userId: string, input: ReportDefinitionInput, title?: string) {
    const now = deps.now();
    const { definition, sections } = checkDefinition(input, await deps.instruments(), now);
    const [report, portfolio] = await Promise.all([
      deps.performanceReport(userId, {
        preset: definition.preset as PerformanceReportInput['preset'],
        start: definition.start,
        end: definition.end,
        benchmark: definition.benchmark,
        grouping: 'MONTH',
        sections: performanceSectionsFor(sections),
      }),
      sections.includes('POSITIONS') ? deps.portfolio(userId) : Promise.resolve(null),
    ]);
    return reportDocument(sections, report, portfolio, now, title);
  };
}
