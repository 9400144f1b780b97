/**
 * The sections of a Custom report (issue 15 point 6; schema/reports.graphql ReportSection) and what each one needs
 * from performanceReport (pure, shared by the builder's preview and the server's report document).
 *
 * Rules:
 * - The sections are listed in REPORT_DOCUMENT_SECTIONS order, the order a report shows them in, whatever the order
 *   they were chosen in.
 * - POSITIONS is the positions held now: it needs no performanceReport section (it is read from the broker).
 * - PERFORMANCE needs the equity curve, the P&L per period and the monthly returns; TRADES the trade statistics and
 *   the P&L by symbol; RISK the period's risk metrics.
 */
import type { ReportSection as PerformanceSection } from '../analytics/reportPeriod';

export const REPORT_DOCUMENT_SECTIONS = [
  'SUMMARY',
  'POSITIONS',
  'TRADES',
  'PERFORMANCE',
  'RISK',
  'STRATEGIES',
  'REALISED_GAINS',
] as const;
export type ReportDocumentSection = (typeof REPORT_DOCUMENT_SECTIONS)[number];

/** What a person reads for each section (builder checkboxes, the PDF's and CSV's section titles). */
export const REPORT_SECTION_TITLES: Readonly<Record<ReportDocumentSection, string>> = {
  SUMMARY: 'Summary',
  POSITIONS: 'Positions',
  TRADES: 'Trades',
  PERFORMANCE: 'Performance',
  RISK: 'Risk',
  STRATEGIES: 'Strategies',
  REALISED_GAINS: 'Realised gains',
};

const PERFORMANCE_SECTIONS: Readonly<Record<ReportDocumentSection, readonly PerformanceSection[]>> = {
  SUMMARY: ['summary'],
  POSITIONS: [],
  TRADES: ['trades', 'symbols'],
  PERFORMANCE: ['equity', 'pnl', 'monthlyReturns'],
  RISK: ['metrics'],
  STRATEGIES: ['strategies'],
  REALISED_GAINS: ['realisedGains'],
};

/** The chosen sections once each, in report order. */
export function orderedSections(sections: Iterable<ReportDocumentSection>): ReportDocumentSection[] {
  const chosen = new Set(sections);
  return REPORT_DOCUMENT_SECTIONS.filter((section) => chosen.has(section));
}

/** The performanceReport sections that `sections` need (empty when only POSITIONS is chosen: no report to ask for). */
export function performanceSectionsFor(sections: Iterable<ReportDocumentSection>): PerformanceSection[] {
  return orderedSections(sections).flatMap((section) => PERFORMANCE_SECTIONS[section]);
}
