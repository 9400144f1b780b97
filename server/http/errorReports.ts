import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { clientErrorReport, type ErrorReportForwarder } from '../services/errorReports';
import { signedInUser } from './auth';
import { sendError } from './errors';

/** Largest accepted report body. */
const REPORT_BODY_LIMIT_BYTES = 32 * 1024;

/**
 * `POST /api/errors` (signed in): validates a client error report, then forwards it (202) or, with no
 * ERROR_REPORT_URL configured, drops it (204).
 */
export function registerErrorReportRoute(
  app: FastifyInstance,
  options: { forwarder: ErrorReportForwarder; requireUser: preHandlerAsyncHookHandler; appVersion: string },
): void {
  app.post(
    '/api/errors',
    { bodyLimit: REPORT_BODY_LIMIT_BYTES, preHandler: options.requireUser },
    async (request, reply) => {
      const parsed = clientErrorReport.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return sendError(
          reply,
          400,
          `Invalid ${issue?.path.join('.') || 'report'}: ${issue?.message ?? 'invalid value'}`,
        );
      }
      const user = signedInUser(request);
      if (!options.forwarder.enabled) return reply.code(204).send();
      options.forwarder.forward(parsed.data, { userId: user.id, appVersion: options.appVersion });
      return reply.code(202).send();
    },
  );
}
