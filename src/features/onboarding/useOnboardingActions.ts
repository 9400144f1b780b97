import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { completeOnboarding, skipOnboarding } from './onboardingRest';
import { onboardingKeys } from './queries';

export const COMPLETE_FAILED_TEXT = 'Failed to complete onboarding';

/** Go to Dashboard and the close X (spec §4 Onboarding): POST skip, then / even when the call fails. */
export function useSkipOnboarding() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = () => {
    setPending(true);
    void skipOnboarding()
      .catch(() => undefined)
      .finally(() => {
        queryClient.removeQueries({ queryKey: onboardingKeys.all });
        void navigate({ to: '/' });
      });
  };
  return { run, pending };
}

/** Complete Setup: POST complete, then /; a failure keeps the wizard open with the spec's text. */
export function useCompleteOnboarding() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setPending(true);
    setError(null);
    try {
      await completeOnboarding();
      queryClient.removeQueries({ queryKey: onboardingKeys.all });
      await navigate({ to: '/' });
    } catch {
      setError(COMPLETE_FAILED_TEXT);
      setPending(false);
    }
  };
  return { run, pending, error };
}
