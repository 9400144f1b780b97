import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { OnboardingService } from '../services/onboarding';
import type { AppError } from '../services/errors';
import { signedInUser } from './auth';
import { answeringAppErrors } from './brokerRoutes';

/** Largest accepted body (a handful of fields). */
const BODY_LIMIT_BYTES = 4 * 1024;

/** `{ success: false, error, field }` for bad input, `requiresBrokerSetup` when live trading needs a broker. */
function failureBody(error: AppError): object {
  return { success: false, error: error.message, ...error.details };
}

/**
 * Onboarding REST routes (signed in; spec §7 REST /api/onboarding/*, issue 14 point 5; rules in
 * server/services/onboarding). Every answer is `no-store`.
 * - `GET /api/onboarding/status` → `{ status, tradingParameters }` (status: currentStep, brokerConnected,
 *   tradingParametersSet, modeSelected, onboardingCompleted, onboardingSkipped).
 * - `POST /api/onboarding/parameters` with the trading parameters (every field but tradingMode/modeConfirmed), or
 *   with `{ tradingMode, modeConfirmed }` → `{ success: true, status, tradingParameters }`. Live without a live
 *   broker that can trade: 409 `{ success: false, error, requiresBrokerSetup: true }`.
 * - `PUT /api/onboarding/status` `{ step (0..2 or its name), brokerConnected?, tradingParametersSet?, modeSelected?,
 *   onboardingCompleted? }` → `{ success: true, status }`; a flag claimed true that is not is refused.
 * - `POST /api/onboarding/complete` (needs parameters set and a mode selected), `POST /api/onboarding/skip` →
 *   `{ success: true, status }`.
 * Bad input: 400 `{ success: false, error, field }` (the parameters also carry `errors`: every bad field's message),
 * nothing written; no session: 401. No rate limit of its own (small writes of the user's own row, as the other REST
 * routes but the broker connect attempts).
 */
export function registerOnboardingRoutes(
  app: FastifyInstance,
  options: { requireUser: preHandlerAsyncHookHandler; onboarding: OnboardingService },
): void {
  const { onboarding, requireUser } = options;
  const route = { preHandler: requireUser, bodyLimit: BODY_LIMIT_BYTES };

  app.get('/api/onboarding/status', { preHandler: requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return onboarding.load(signedInUser(request).id);
  });

  app.post('/api/onboarding/parameters', route, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answeringAppErrors(
      reply,
      async () => ({ success: true, ...(await onboarding.saveStep(signedInUser(request).id, request.body ?? {})) }),
      failureBody,
    );
  });

  app.put('/api/onboarding/status', route, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answeringAppErrors(
      reply,
      async () => ({
        success: true,
        status: await onboarding.updateStatus(signedInUser(request).id, request.body ?? {}),
      }),
      failureBody,
    );
  });

  for (const [path, action] of [
    ['/api/onboarding/complete', onboarding.complete],
    ['/api/onboarding/skip', onboarding.skip],
  ] as const) {
    app.post(path, route, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answeringAppErrors(
        reply,
        async () => ({ success: true, status: await action(signedInUser(request).id) }),
        failureBody,
      );
    });
  }
}
