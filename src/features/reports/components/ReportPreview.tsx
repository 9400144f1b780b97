import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { QueryContent } from '../../../components/page/QueryContent';
import { REPORT_SECTION_TITLES, type ReportDocumentSection } from '../../../domain/reports/sections';
import type { PerformanceReportInput, ReportPreviewQuery } from '../../../graphql/generated/graphql';
import { benchmarkName } from '../../analytics/analyticsFormat';
import { useTradingMode } from '../../trading/useTradingMode';
import { reportPreviewQuery } from '../queries';
import { PerformancePreview } from './PerformancePreview';
import { PositionsPreview } from './PositionsPreview';
import { PreviewBlock } from './PreviewBlock';
import { RealisedGainsPreview } from './RealisedGainsPreview';
import { KeyPnlTable, RiskPreview, SummaryPreview, TradesPreview } from './SectionPreviews';

type Report = ReportPreviewQuery['performanceReport'];

interface ReportPreviewProps {
  /** The chosen sections in report order. */
  sections: readonly ReportDocumentSection[];
  /** performanceReport's input; null when only positions are chosen. */
  input: PerformanceReportInput | null;
}

/** The report as it will read: each chosen section with its figures, from performanceReport and the positions. */
export function ReportPreview({ sections, input }: ReportPreviewProps) {
  const { mode } = useTradingMode();
  const query = useQuery({ ...reportPreviewQuery(input ?? {}, mode), enabled: input !== null });
  if (input === null) return <Sections sections={sections} report={null} input={null} />;
  return (
    <QueryContent query={query} what="The preview" skeletonLines={8}>
      {({ performanceReport }) => <Sections sections={sections} report={performanceReport} input={input} />}
    </QueryContent>
  );
}

function Sections({
  sections,
  report,
  input,
}: {
  sections: readonly ReportDocumentSection[];
  report: Report | null;
  input: PerformanceReportInput | null;
}) {
  return (
    <Stack gap="5" data-testid="report-preview">
      {report ? (
        <Text textStyle="sm" color="fg.muted" data-testid="preview-period">
          {report.start} to {report.end}, against {benchmarkName(report.benchmark)}
        </Text>
      ) : null}
      {sections.map((section) => (
        <PreviewBlock key={section} title={REPORT_SECTION_TITLES[section]} reason={reasonOf(section, report)}>
          <SectionBody section={section} report={report} grouping={input?.grouping ?? 'DAY'} />
        </PreviewBlock>
      ))}
    </Stack>
  );
}

/** Why a section's figures are missing (too little history), as the server says. */
function reasonOf(section: ReportDocumentSection, report: Report | null): string | null {
  if (section === 'SUMMARY') return report?.summary?.reason ?? null;
  if (section === 'RISK') return report?.metrics?.reason ?? null;
  return null;
}

function SectionBody({
  section,
  report,
  grouping,
}: {
  section: ReportDocumentSection;
  report: Report | null;
  grouping: NonNullable<PerformanceReportInput['grouping']>;
}) {
  if (section === 'POSITIONS') return <PositionsPreview />;
  if (!report) return null;
  switch (section) {
    case 'SUMMARY':
      return report.summary ? <SummaryPreview summary={report.summary} /> : null;
    case 'TRADES':
      return <TradesPreview report={report} />;
    case 'PERFORMANCE':
      return <PerformancePreview report={report} grouping={grouping} />;
    case 'RISK':
      return report.metrics ? <RiskPreview metrics={report.metrics} /> : null;
    case 'STRATEGIES':
      return <KeyPnlTable label="P&L by strategy" rows={report.strategies ?? []} />;
    case 'REALISED_GAINS':
      return report.realisedGains ? <RealisedGainsPreview gains={report.realisedGains} /> : null;
  }
}
