/**
 * A report as a file to download (REST POST /api/reports/export, server/http/reportRoutes.ts): the document of a
 * definition (./document.ts) as PDF (./pdf.ts) or CSV (./csv.ts), named `report-{start}_{end}.{pdf|csv}`.
 * At most EXPORT_LIMIT exports per user in EXPORT_WINDOW_MS (counted in this process: an export writes no row to
 * count), then too_many_requests with the seconds to wait.
 */
import { badInputField } from '../analytics/benchmark';
import { windowLimiter } from '../../windowLimiter';
import { tooManyRequests } from '../rateLimits';
import { reportCsv } from './csv';
import type { ReportDefinitionInput } from './definition';
import type { ReportDocument } from './document';
import { reportPdf } from './pdf';

export const EXPORT_LIMIT = 20;
export const EXPORT_WINDOW_MS = 10 * 60_000;
export const EXPORT_FORMATS = ['pdf', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

export function createReportExports(deps: {
  build: (userId: string, definition: ReportDefinitionInput) => Promise<ReportDocument>;
  now: () => Date;
}) {
  const admitExport = windowLimiter(EXPORT_LIMIT, EXPORT_WINDOW_MS, () => deps.now().getTime());
  const admit = (userId: string) => {
    const waitMs = admitExport(userId);
    if (waitMs > 0) throw tooManyRequests('report exports', Math.max(1, Math.ceil(waitMs / 1000)));
  };

  return async function exportReport(
    userId: string,
    format: unknown,
    definition: ReportDefinitionInput,
  ): Promise<ReportFile> {
    if (!(EXPORT_FORMATS as readonly unknown[]).includes(format)) throw badInputField('format', 'pdf or csv');
    admit(userId);
    const document = await deps.build(userId, definition);
    const name = `report-${document.start}_${document.end}`;
    return format === 'pdf'
      ? { filename: `${name}.pdf`, contentType: 'application/pdf', body: await reportPdf(document) }
      : { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: reportCsv(document) };
  };
}
