import { ClientError } from 'graphql-request';
import { describe, expect, it, vi } from 'vitest';
import {
  errorText,
  handleAuthFailure,
  isAuthFailure,
  isNetworkError,
  NETWORK_ERROR_TEXT,
  UNEXPECTED_ERROR_TEXT,
  type AuthFailureEffects,
} from './errors';

function clientError(messages: string[], status = 200): ClientError {
  return new ClientError(
    {
      status,
      headers: new Headers(),
      body: '',
      errors: messages.map((message) => ({ message })) as never,
    },
    { query: '{ me { id } }' },
  );
}

describe('errorText (spec §8)', () => {
  it('shows the first GraphQL error message', () => {
    expect(errorText(clientError(['Live trading requires a broker', 'second']))).toBe('Live trading requires a broker');
  });

  it('shows the first message even with a non-2xx status', () => {
    expect(errorText(clientError(['unauthorized'], 401))).toBe('unauthorized');
  });

  it('shows the network text when fetch failed', () => {
    expect(errorText(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR_TEXT);
    expect(errorText(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(NETWORK_ERROR_TEXT);
    expect(errorText(new TypeError('Load failed'))).toBe(NETWORK_ERROR_TEXT);
  });

  it('treats a gateway that cannot reach the server as a network error', () => {
    expect(errorText(clientError([], 502))).toBe(NETWORK_ERROR_TEXT);
    expect(errorText(clientError([], 504))).toBe(NETWORK_ERROR_TEXT);
  });

  it('shows the generic text for anything else', () => {
    expect(errorText(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(UNEXPECTED_ERROR_TEXT);
    expect(errorText(new Error('boom'))).toBe(UNEXPECTED_ERROR_TEXT);
    expect(errorText(clientError([], 500))).toBe(UNEXPECTED_ERROR_TEXT);
    expect(errorText(clientError([''], 200))).toBe(UNEXPECTED_ERROR_TEXT);
    expect(errorText('a string')).toBe(UNEXPECTED_ERROR_TEXT);
    expect(errorText(null)).toBe(UNEXPECTED_ERROR_TEXT);
  });

  it('recognises network errors only by their message or a gateway status', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(clientError(['Bad gateway'], 502))).toBe(false);
    expect(isNetworkError(new Error('x'))).toBe(false);
  });
});

describe('authentication failures (spec §8)', () => {
  function effects(overrides: Partial<{ token: boolean; path: string }> = {}) {
    const calls = { clearToken: vi.fn(), redirect: vi.fn() };
    const value: AuthFailureEffects = {
      hasStoredToken: () => overrides.token ?? true,
      currentPath: () => overrides.path ?? '/settings',
      clearToken: calls.clearToken,
      redirect: calls.redirect,
    };
    return { value, calls };
  }

  it.each(['Unauthorized: sign in first', 'Authentication required', 'token UNAUTHORIZED', 'AUTHENTICATION failed'])(
    '"%s" drops the token and redirects to /',
    (message) => {
      const { value, calls } = effects();
      expect(handleAuthFailure(clientError(['first', message]), value)).toBe(true);
      expect(calls.clearToken).toHaveBeenCalledOnce();
      expect(calls.redirect).toHaveBeenCalledWith('/');
    },
  );

  it('leaves other errors alone', () => {
    const { value, calls } = effects();
    expect(handleAuthFailure(clientError(['Unknown broker']), value)).toBe(false);
    expect(handleAuthFailure(new TypeError('Failed to fetch'), value)).toBe(false);
    expect(handleAuthFailure(new Error('unauthorized'), value)).toBe(false);
    expect(calls.clearToken).not.toHaveBeenCalled();
    expect(calls.redirect).not.toHaveBeenCalled();
  });

  it('does not reload / over and over when there was no token to drop', () => {
    const { value, calls } = effects({ token: false, path: '/' });
    expect(handleAuthFailure(clientError(['unauthorized']), value)).toBe(true);
    expect(calls.clearToken).toHaveBeenCalledOnce();
    expect(calls.redirect).not.toHaveBeenCalled();
  });

  it('redirects from / when a token was dropped', () => {
    const { value, calls } = effects({ token: true, path: '/' });
    handleAuthFailure(clientError(['unauthorized']), value);
    expect(calls.redirect).toHaveBeenCalledWith('/');
  });

  it('isAuthFailure looks at GraphQL messages only', () => {
    expect(isAuthFailure(clientError(['Unauthorized']))).toBe(true);
    expect(isAuthFailure(clientError(['nope']))).toBe(false);
  });
});
