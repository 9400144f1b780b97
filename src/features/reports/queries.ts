import { queryOptions } from '@tanstack/react-query';
import { localDb } from '../../data/db';
import { storeServerReportTemplates } from '../../data/reportTemplates';
import { gqlRequest } from '../../graphql/client';
import {
  ReportPreviewDocument,
  ReportTemplatesDocument,
  type PerformanceReportInput,
} from '../../graphql/generated/graphql';

/** One key hierarchy for the Custom reports page: the templates as the server lists them, and each preview. */
export const reportKeys = {
  all: ['reports'] as const,
  templates: () => [...reportKeys.all, 'templates'] as const,
  previews: () => [...reportKeys.all, 'preview'] as const,
  preview: (input: PerformanceReportInput) => [...reportKeys.previews(), input] as const,
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
export function reportPreviewQuery(input: PerformanceReportInput) {
  return queryOptions({
    queryKey: reportKeys.preview(input),
    queryFn: () => gqlRequest(ReportPreviewDocument, { input }),
    staleTime: 60_000,
  });
}
