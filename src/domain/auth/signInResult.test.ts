import { describe, expect, it } from 'vitest';
import { isSignedInResult } from './signInResult';

const user = { id: 'u1', email: 'ada@example.com', phoneNumber: null };

describe('isSignedInResult (spec §5)', () => {
  it('is signed in only with success, a user and a token', () => {
    expect(isSignedInResult({ success: true, user, token: 'tok' })).toBe(true);
  });

  it('is not signed in when any of the three is missing', () => {
    expect(isSignedInResult({ success: false, user, token: 'tok' })).toBe(false);
    expect(isSignedInResult({ success: true, user: null, token: 'tok' })).toBe(false);
    expect(isSignedInResult({ success: true, user, token: null })).toBe(false);
    expect(isSignedInResult({ success: true, user, token: '' })).toBe(false);
  });
});
