import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** pino options: JSON lines, or pino-pretty when a person watches a terminal outside production. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>): FastifyServerOptions['logger'] {
  const pretty = Boolean(process.stdout.isTTY) && config.nodeEnv !== 'production';
  return {
    level: config.logLevel,
    ...(pretty && {
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } },
    }),
  };
}
