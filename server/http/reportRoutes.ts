import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ReportsService } from '../services/reports';
import type { AppError } from '../services/errors';
import { signedInUser } from './auth';
import { answeringAppErrors } from './brokerRoutes';

/** Largest accepted body (a format and a definition). */
const BODY_LIMIT_BYTES = 8 * 1024;

function failureBody(error: AppError): object {
  return { success: false, error: error.message, ...error.details };
}

/**
 * Custom report files (signed in; issue 15 point 6, spec §2 Custom reports):
 * `POST /api/reports/export` `{ format: 'pdf' | 'csv', definition: { sections: [SUMMARY, POSITIONS, TRADES,
 * PERFORMANCE, RISK, STRATEGIES, REALISED_GAINS…], preset?, start?, end?, benchmark? } }` (schema/reports.graphql's
 * ReportDefinitionInput) → 200 with the file: `application/pdf` or `text/csv; charset=utf-8`, `content-disposition:
 * attachment; filename="report-{start}_{end}.pdf"` (.csv), `no-store`.
 * The CSV is ONE file with every section (a decision, see README "Report exports"): per table a `# <Section>` line,
 * a header row and its rows, a blank line between; RFC 4180 quoting, text cells starting with = + - @ prefixed with '.
 * Bad input: 400 `{ success: false, error, field }` (format, definition.sections, definition.preset, definition.start,
 * definition.end, definition.benchmark), nothing written; more than 20 exports in 10 minutes: 429 with `retryAfter`
 * (seconds, also the Retry-After header); no session: 401.
 */
export function registerReportRoutes(
  app: FastifyInstance,
  options: { requireUser: preHandlerAsyncHookHandler; reports: Pick<ReportsService, 'exportReport'> },
): void {
  app.post(
    '/api/reports/export',
    { preHandler: options.requireUser, bodyLimit: BODY_LIMIT_BYTES },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = (request.body ?? {}) as { format?: unknown; definition?: unknown };
      return answeringAppErrors(
        reply,
        async () => {
          const file = await options.reports.exportReport(
            signedInUser(request).id,
            body.format,
            body.definition as Parameters<ReportsService['exportReport']>[2],
          );
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .send(file.body);
        },
        (error) => {
          const retryAfter = error.details.retryAfter;
          if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
          return failureBody(error);
        },
      );
    },
  );
}
