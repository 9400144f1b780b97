/** Spec §8 Login: the texts shown for the server's `error` codes of the sign-in calls. */

/** Spec §8 Login, overall: a failed login with no server error. */
export const LOGIN_FALLBACK = 'Login failed';
/** Spec §8 Login, send-code: the code could not be sent (the server's `delivery_failed`). */
export const SEND_CODE_FALLBACK = 'Failed to send OTP';
export const VERIFY_FALLBACK = 'Verification failed';

const INVALID_PHONE = 'Please enter a valid US phone number (10 digits)';
const INVALID_CODE = 'Invalid verification code. Please check your code and try again.';
const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a few minutes and try again.';
const INACTIVE_EMAIL = 'This email address is not verified. Please use a different email or contact support.';

const SEND_CODE_TEXTS: Record<string, string> = {
  invalid_phone_number: INVALID_PHONE,
  'Phone number format is invalid': INVALID_PHONE,
  inactive_phone_number: 'This phone number is not active for SMS. Please try a different number.',
  invalid_email: 'Please enter a valid email address',
  inactive_email: INACTIVE_EMAIL,
  too_many_requests: TOO_MANY_REQUESTS,
  delivery_failed: SEND_CODE_FALLBACK,
};

const VERIFY_TEXTS: Record<string, string> = {
  invalid_code: INVALID_CODE,
  code_not_found: INVALID_CODE,
  code_expired: 'Verification code has expired. Please request a new code.',
  inactive_email: INACTIVE_EMAIL,
  too_many_requests: TOO_MANY_REQUESTS,
};

function textFor(texts: Record<string, string>, error: string | null | undefined, fallback: string): string {
  const message = error?.trim() ?? '';
  if (message === '') return fallback;
  return Object.hasOwn(texts, message) ? (texts[message] ?? fallback) : message;
}

/**
 * Text for a failed login (the `login` mutation, which sends the code): a send-code error's text (spec §8
 * send-code: an invalid or inactive number, and 'Failed to send OTP' when the code could not be sent), else the
 * server's message as it came, else 'Login failed' (spec §8 Login, overall).
 */
export function loginErrorText(error: string | null | undefined): string {
  return textFor(SEND_CODE_TEXTS, error, LOGIN_FALLBACK);
}

/** Text for a failed verification: a known code's text, else the raw message, else 'Verification failed'. */
export function verifyErrorText(error: string | null | undefined): string {
  return textFor(VERIFY_TEXTS, error, VERIFY_FALLBACK);
}
