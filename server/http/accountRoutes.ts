import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AccountService } from '../services/account';
import { signedInUser } from './auth';
import { answeringAppErrors } from './brokerRoutes';
import { sendError } from './errors';

/**
 * `GET /api/account/export` (signed in; issue 14 point 8 "export my data"): every row the app keeps about the user as
 * one JSON download (`tradingapp-data-<date>.json`), secrets left out (server/services/account/exportData.ts).
 * Never cached; one export at a time per user on a process (429 while one is under way).
 */
export function registerAccountRoutes(
  app: FastifyInstance,
  options: { requireUser: preHandlerAsyncHookHandler; account: AccountService },
): void {
  app.get('/api/account/export', { preHandler: options.requireUser }, async (request, reply) =>
    answeringAppErrors(reply, async () => {
      const data = await options.account.exportData(signedInUser(request).id);
      if (!data) return sendError(reply, 404, 'Account not found');
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="tradingapp-data-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    }),
  );
}
