import { createGraphQLError } from 'graphql-yoga';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../services/errors';
import { createMaskError, DATABASE_REFUSED_MESSAGE } from './errors';

/** An error as drizzle throws it: "Failed query: <sql> params: <values>", the driver's error as its cause. */
function databaseError(sqlState: string): Error {
  const driver = Object.assign(new Error('value "100000000000000000000" is out of range for type bigint'), {
    code: sqlState,
  });
  return new Error('Failed query: insert into "orders" ... params: 100000000000000000000', { cause: driver });
}

describe('createMaskError', () => {
  const log = { error: vi.fn(), warn: vi.fn() };
  const mask = createMaskError(log);
  const located = (original: Error) =>
    createGraphQLError(original.message, { originalError: original, path: ['placeOrder'] });

  it('keeps an AppError’s message, code and details', () => {
    const masked = mask(located(new AppError('too_many_requests', 'Too many orders.', { retryAfter: 5 })), 'x', false);
    expect(masked).toMatchObject({
      message: 'Too many orders.',
      extensions: { code: 'too_many_requests', retryAfter: 5 },
    });
  });

  it('answers a value the database refused as BAD_USER_INPUT without its SQL, in development too', () => {
    for (const sqlState of ['22003', '22P02', '22021', '23514']) {
      for (const isDev of [false, true]) {
        const masked = mask(located(databaseError(sqlState)), 'Unexpected error.', isDev);
        expect(masked).toMatchObject({ message: DATABASE_REFUSED_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
        expect(JSON.stringify(masked)).not.toMatch(/insert into|params|bigint/);
      }
    }
    expect(log.warn).toHaveBeenCalled();
  });

  it('masks other failures; only development answers carry the cause, in extensions', () => {
    const failure = () => located(new Error('Failed query: select secret from users'));
    const production = mask(failure(), 'Unexpected error.', false);
    expect(production.message).toBe('Unexpected error.');
    expect(JSON.stringify(production)).not.toMatch(/select secret|at /);
    const development = mask(failure(), 'Unexpected error.', true);
    expect(development.message).toBe('Unexpected error.');
    expect(JSON.stringify((development as { extensions?: unknown }).extensions)).toMatch(/select secret/);
    expect(log.error).toHaveBeenCalled();
  });
});
