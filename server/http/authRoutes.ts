import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import { bearerToken, type SignInService } from '../services/auth';
import { sendError } from './errors';

const identifier = { phoneNumber: z.string().max(40).optional(), email: z.string().max(320).optional() };
const sendCodeBody = z.strictObject(identifier);
const verifyCodeBody = z.strictObject({ ...identifier, code: z.string().max(20), methodId: z.string().max(100) });

/** Status of a refused sign-in answer: 429 for rate limits, 401 for a wrong or used code, else 400. */
function statusOf(error: string | null): number {
  if (error === 'too_many_requests') return 429;
  if (error === 'invalid_code' || error === 'code_not_found' || error === 'code_expired') return 401;
  if (error === 'delivery_failed' || (error !== null && error.includes(' '))) return 502;
  return 400;
}

function answer(reply: FastifyReply, body: { success: boolean; error: string | null }) {
  if (body.success) return reply.send(body);
  if (body.error === 'too_many_requests') reply.header('retry-after', '3600');
  return reply.code(statusOf(body.error)).send(body);
}

/**
 * REST twins of login / verifyOTP / logout (same service, same answers): POST /api/auth/send-code,
 * /api/auth/verify-code and /api/auth/logout. The first two need no sign-in.
 */
export function registerAuthRoutes(app: FastifyInstance, signIn: SignInService): void {
  app.post('/api/auth/send-code', async (request, reply) => {
    const body = sendCodeBody.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, 'Send phoneNumber or email.');
    return answer(reply, await signIn.login(body.data, request.ip));
  });

  app.post('/api/auth/verify-code', async (request, reply) => {
    const body = verifyCodeBody.safeParse(request.body ?? {});
    if (!body.success) return sendError(reply, 400, 'Send code, methodId and phoneNumber or email.');
    return answer(reply, await signIn.verify(body.data));
  });

  app.post('/api/auth/logout', async (request, reply) =>
    reply.send(await signIn.logout(bearerToken(request.headers.authorization))),
  );
}
