import { format } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { YogaLogger } from 'graphql-yoga';

/** Yoga's logger interface on top of the app's pino logger (errors keep their stack under `err`). */
export function yogaLogger(log: FastifyBaseLogger): YogaLogger {
  const forward =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first instanceof Error) log[level]({ err: first }, rest.length > 0 ? format(...rest) : first.message);
      else log[level](format(...args));
    };
  return { debug: forward('debug'), info: forward('info'), warn: forward('warn'), error: forward('error') };
}
