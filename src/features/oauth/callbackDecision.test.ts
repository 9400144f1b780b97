import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_FAILED_TEXT,
  INVALID_OAUTH_RESPONSE_TEXT,
  callbackRedirect,
  callbackStart,
  readCallbackParams,
} from './callbackDecision';

const start = (search: string) => callbackStart(readCallbackParams(search));

describe('callbackStart', () => {
  it('exchanges the code when code and state are both present', () => {
    expect(start('?code=abc&state=s1')).toEqual({ kind: 'exchange', code: 'abc', state: 's1' });
  });

  it.each(['', '?code=abc', '?state=s1', '?code=&state=s1', '?code=abc&state=%20'])(
    'refuses %j without an error: missing parameters, nothing posted',
    (search) => {
      expect(start(search)).toEqual({ kind: 'invalid', message: INVALID_OAUTH_RESPONSE_TEXT });
    },
  );

  it("shows the provider's description and reports the state with the error", () => {
    expect(start('?error=access_denied&error_description=The+user+said+no&state=s1')).toEqual({
      kind: 'denied',
      message: 'The user said no',
      report: { state: 's1', error: 'access_denied', error_description: 'The user said no' },
    });
  });

  it('says the authorization was cancelled or failed when the provider gives no description', () => {
    expect(start('?error=access_denied&state=s1')).toEqual({
      kind: 'denied',
      message: AUTHORIZATION_FAILED_TEXT,
      report: { state: 's1', error: 'access_denied' },
    });
  });

  it('an error wins over a code, and without a state there is nothing to report', () => {
    expect(start('?error=server_error&code=abc')).toEqual({
      kind: 'denied',
      message: AUTHORIZATION_FAILED_TEXT,
      report: null,
    });
  });
});

describe('callbackRedirect', () => {
  it('goes back to onboarding when the stored state is the returned one: 2 s on success, 3 s on error', () => {
    expect(callbackRedirect('success', 's1', 's1')).toEqual({ path: '/onboarding', delayMs: 2000 });
    expect(callbackRedirect('error', 's1', 's1')).toEqual({ path: '/onboarding', delayMs: 3000 });
  });

  it.each([
    [null, 's1'],
    ['s2', 's1'],
    ['s1', null],
    [null, null],
  ])('goes to settings when the stored state %j does not match %j', (stored, returned) => {
    expect(callbackRedirect('success', stored, returned)).toEqual({ path: '/settings', delayMs: 2000 });
    expect(callbackRedirect('error', stored, returned)).toEqual({ path: '/settings', delayMs: 3000 });
  });
});
