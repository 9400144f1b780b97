import { describe, expect, it } from 'vitest';
import { classifyResponse } from './outcome';

const errors = (code: string, message = 'refused') => ({ data: null, errors: [{ message, extensions: { code } }] });

describe('classifyResponse', () => {
  it('accepts an answer with data', () => {
    expect(classifyResponse(200, { data: { deleteWatchlist: true } })).toEqual({
      kind: 'ok',
      data: { deleteWatchlist: true },
    });
  });

  it('retries server trouble and rate limits without limit', () => {
    expect(classifyResponse(503, null)).toMatchObject({ kind: 'retry', limited: false });
    expect(classifyResponse(502, 'bad gateway')).toMatchObject({ kind: 'retry', limited: false });
    expect(classifyResponse(429, null)).toMatchObject({ kind: 'retry', limited: false });
    expect(classifyResponse(200, null)).toMatchObject({ kind: 'retry', limited: false });
  });

  it('retries an internal server error only a limited number of times', () => {
    expect(classifyResponse(200, errors('INTERNAL_SERVER_ERROR', 'Unexpected error.'))).toEqual({
      kind: 'retry',
      error: 'Unexpected error.',
      limited: true,
    });
  });

  it('sets refused writes aside: validation, not found, bad input, other 4xx', () => {
    expect(classifyResponse(200, errors('BAD_USER_INPUT', 'Unknown symbol'))).toEqual({
      kind: 'permanent',
      error: 'Unknown symbol',
    });
    expect(classifyResponse(200, errors('NOT_FOUND'))).toMatchObject({ kind: 'permanent' });
    expect(classifyResponse(400, errors('GRAPHQL_VALIDATION_FAILED'))).toMatchObject({ kind: 'permanent' });
    expect(classifyResponse(413, null)).toEqual({ kind: 'permanent', error: 'HTTP 413' });
  });

  it('waits for a sign-in on authentication failures', () => {
    expect(classifyResponse(200, errors('UNAUTHENTICATED'))).toMatchObject({ kind: 'auth' });
    expect(classifyResponse(401, null)).toMatchObject({ kind: 'auth' });
  });
});
