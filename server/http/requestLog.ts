import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request lines ("incoming request", "request completed") at debug instead of info: with
 * LOG_LEVEL=info (the default) an answered request costs no log line, so logging cannot dominate a busy
 * server; LOG_LEVEL=debug brings both back. Errors keep their level (a failed response at error, the
 * error handler's and Yoga's own lines as before).
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
