import { format } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { YogaLogger } from 'graphql-yoga';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** pino's level numbers; 'silent' (and anything unknown) enables nothing. */
const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/**
 * Yoga's logger interface on top of the app's pino logger (errors keep their stack under `err`). Yoga logs
 * at debug several times per request, so a message is only formatted when its level is on (read from the
 * logger each time, as pino's level can change).
 */
export function yogaLogger(log: FastifyBaseLogger): YogaLogger {
  const forward =
    (level: Level) =>
    (...args: unknown[]) => {
      if ((LEVEL_VALUES[log.level] ?? Number.POSITIVE_INFINITY) > LEVEL_VALUES[level]!) return;
      const [first, ...rest] = args;
      if (first instanceof Error) log[level]({ err: first }, rest.length > 0 ? format(...rest) : first.message);
      else log[level](format(...args));
    };
  return { debug: forward('debug'), info: forward('info'), warn: forward('warn'), error: forward('error') };
}
