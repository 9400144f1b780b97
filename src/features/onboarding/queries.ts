import { queryOptions } from '@tanstack/react-query';
import { fetchOnboardingState } from './onboardingRest';

/** One key hierarchy for onboarding: the user's status and trading parameters (GET /api/onboarding/status). */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  status: () => [...onboardingKeys.all, 'status'] as const,
};

/** Read afresh whenever the wizard opens (it resumes at the saved step): never persisted, dropped once unused. */
export function onboardingStatusQuery() {
  return queryOptions({
    queryKey: onboardingKeys.status(),
    queryFn: () => fetchOnboardingState(),
    staleTime: 0,
    gcTime: 0,
    networkMode: 'always',
    meta: { persist: false },
  });
}
