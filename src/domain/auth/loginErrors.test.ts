import { describe, expect, it } from 'vitest';
import { loginErrorText, verifyErrorText } from './loginErrors';

describe('loginErrorText (spec §8 Login: overall, and the send-code texts)', () => {
  it('maps an invalid phone number, by code or by the server sentence', () => {
    expect(loginErrorText('invalid_phone_number')).toBe('Please enter a valid US phone number (10 digits)');
    expect(loginErrorText('Phone number format is invalid')).toBe('Please enter a valid US phone number (10 digits)');
  });

  it('maps an inactive phone number', () => {
    expect(loginErrorText('inactive_phone_number')).toBe(
      'This phone number is not active for SMS. Please try a different number.',
    );
  });

  it('gives readable texts for an invalid e-mail and rate limiting', () => {
    expect(loginErrorText('invalid_email')).toBe('Please enter a valid email address');
    expect(loginErrorText('too_many_requests')).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it("shows the server's message as sent, or 'Login failed' when there is none", () => {
    expect(loginErrorText('The e-mail could not be delivered.')).toBe('The e-mail could not be delivered.');
    expect(loginErrorText(null)).toBe('Login failed');
    expect(loginErrorText(undefined)).toBe('Login failed');
    expect(loginErrorText('  ')).toBe('Login failed');
  });

  it("keeps 'Failed to send OTP' for the send-code step: a code that could not be sent", () => {
    expect(loginErrorText('delivery_failed')).toBe('Failed to send OTP');
  });

  it('does not treat object properties as codes', () => {
    expect(loginErrorText('toString')).toBe('toString');
  });
});

describe('verifyErrorText (spec §8 Login, verify)', () => {
  it('maps a wrong or unknown code to one text', () => {
    const text = 'Invalid verification code. Please check your code and try again.';
    expect(verifyErrorText('invalid_code')).toBe(text);
    expect(verifyErrorText('code_not_found')).toBe(text);
  });

  it('maps an expired code and an unverified e-mail', () => {
    expect(verifyErrorText('code_expired')).toBe('Verification code has expired. Please request a new code.');
    expect(verifyErrorText('inactive_email')).toBe(
      'This email address is not verified. Please use a different email or contact support.',
    );
  });

  it('shows any other message as sent, or the default when there is none', () => {
    expect(verifyErrorText('Something broke')).toBe('Something broke');
    expect(verifyErrorText(null)).toBe('Verification failed');
    expect(verifyErrorText('')).toBe('Verification failed');
  });
});
