import { queryOptions } from '@tanstack/react-query';
import { localDb } from '../../data/db';
import { storeServerReportTemplates } from '../../data/reportTemplates';
import { gqlRequest } from '../../graphql/client';
import {
  ReportPreviewDocument,
  ReportTemplatesDocument,
  type PerformanceReportInput,
  type TradingMode,
} from '../../graphql/generated/graphql';

/**
 * One key hierarchy for the Custom reports page: the templates as the server lists them, and each preview. A preview
 * reads the account of the trading mode (as Analytics, analytics/queries.ts): the mode is in its key, so after a
 * Paper/Live switch it is asked again (and the persisted cache never answers with the other account's figures).
 */
export const reportKeys = {
  all: ['reports'] as const,
  templates: () => [...reportKeys.all, 'templates'] as const,
  previews: () => [...reportKeys.all, 'preview'] as const,
  preview: (input: PerformanceReportInput, mode: TradingMode) => [...reportKeys.previews(), input, mode] as const,
};

/**
 * Reads the server's templates and writes them into this device's copy (templates with unsent changes keep their
 * local state). Only a fresh answer is written, never one restored from the persisted cache.
 */
export function deviceReportTemplatesQuery() {
  return queryOptions({
    queryKey: reportKeys.templates(),
    queryFn: async () => {
      const { reportTemplates } = await gqlRequest(ReportTemplatesDocument);
      await storeServerReportTemplates(localDb(), reportTemplates);
      return reportTemplates;
    },
  });
}

/** The preview of a report: performanceReport with the sections the builder chose (see builder.ts previewInput). */
export function reportPreviewQuery(input: PerformanceReportInput, mode: TradingMode) {
  return queryOptions({
    queryKey: reportKeys.preview(input, mode),
    queryFn: () => gqlRequest(ReportPreviewDocument, { input }),
    staleTime: 60_000,
  });
}
