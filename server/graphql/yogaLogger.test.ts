import type { FastifyBaseLogger } from 'fastify';
import { createGraphQLError } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { badUserInput } from '../services/errors';
import { isClientError, yogaLogger } from './yogaLogger';

function fakeLog() {
  const calls: { level: string; fields: unknown; message: unknown }[] = [];
  const record = (level: string) => (fields: unknown, message?: unknown) => calls.push({ level, fields, message });
  const log = {
    level: 'debug',
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  return { log: log as unknown as FastifyBaseLogger, calls };
}

describe('yogaLogger', () => {
  const clientError = createGraphQLError('name: too long', { originalError: badUserInput('name: too long') });
  const validationError = createGraphQLError('Cannot query field "x" on type "Query".');
  const fault = createGraphQLError('boom', { originalError: new TypeError('boom') });

  it('tells client errors from server faults', () => {
    expect(isClientError(clientError)).toBe(true);
    expect(isClientError(validationError)).toBe(true);
    expect(isClientError(fault)).toBe(false);
    expect(isClientError(new Error('boom'))).toBe(false);
  });

  it('logs client errors at info without a stack, and leaves faults to createMaskError (logged at error there)', () => {
    const { log, calls } = fakeLog();
    const logger = yogaLogger(log);
    logger.error(clientError);
    logger.error(fault);
    expect(calls[0]).toEqual({
      level: 'info',
      fields: { code: 'BAD_USER_INPUT', path: undefined, error: 'name: too long' },
      message: 'client error in a GraphQL operation',
    });
    expect(calls[1]).toMatchObject({ level: 'debug', fields: { err: fault } });
    expect(calls.some((call) => call.level === 'error' || call.level === 'warn')).toBe(false);
  });
});
