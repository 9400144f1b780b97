import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { REDACT_PATHS, REDACTED, sanitizeLogArguments, sanitizingSerializers } from './logSanitize';

/**
 * pino options: JSON lines, or pino-pretty when a person watches a terminal outside production (and no
 * `stream` is given: tests capture the lines). Secrets are redacted and long values cut (./logSanitize.ts).
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  const pretty = !stream && Boolean(process.stdout.isTTY) && config.nodeEnv !== 'production';
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: sanitizingSerializers,
    hooks: {
      logMethod(args, method) {
        method.apply(this, sanitizeLogArguments(args) as Parameters<typeof method>);
      },
    },
    ...(stream && { stream }),
    ...(pretty && {
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } },
    }),
  };
}
