import type { OnboardingStatus } from '../../domain/onboarding';
import { fetchOnboardingState } from './onboardingRest';

/** How long sign-in waits for the onboarding status before opening the app without it. */
export const STATUS_WAIT_MS = 4_000;

/** A user who has neither completed nor skipped the setup is sent to it after signing in (issue 14 point 5). */
export function onboardingDue(status: OnboardingStatus): boolean {
  return !status.onboardingCompleted && !status.onboardingSkipped;
}

/**
 * Where a user who just signed in (OTP mode) goes first: '/onboarding' while the setup is due, else null (stay).
 * Never blocks the app: offline, a failing or slow answer means null.
 */
export async function pathAfterSignIn(token: string): Promise<'/onboarding' | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), STATUS_WAIT_MS);
  });
  const answer = fetchOnboardingState(token).then(
    ({ status }) => (onboardingDue(status) ? ('/onboarding' as const) : null),
    () => null,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
