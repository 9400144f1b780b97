import type { SessionUser } from '../session';

/** What login and verifyOTP answer (the fields that decide whether the user is signed in). */
export interface SignInResult {
  success: boolean;
  token: string | null;
  user: SessionUser | null;
}

/** Spec §5: a result counts as signed in only when success, user and token are all present. */
export function isSignedInResult<T extends SignInResult>(
  result: T,
): result is T & { token: string; user: SessionUser } {
  return result.success && result.user !== null && result.token !== null && result.token !== '';
}
