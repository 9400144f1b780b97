import { Button, CloseButton, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { QueryContent } from '../../components/page/QueryContent';
import { FullScreenPage } from '../../components/page/FullScreenPage';
import { onboardingStatusQuery } from './queries';
import { OnboardingWizard } from './components/OnboardingWizard';
import { useSkipOnboarding } from './useOnboardingActions';

/** /onboarding (spec §2 Onboarding wizard): resumes at the step saved on the server. */
export function OnboardingPage() {
  const query = useQuery(onboardingStatusQuery());
  const skip = useSkipOnboarding();
  const close = <CloseButton aria-label="Close setup" size="sm" onClick={skip.run} disabled={skip.pending} mt="1" />;
  return (
    <FullScreenPage
      title="Getting Started"
      description="Set up your broker, your trading parameters and your trading mode."
      action={close}
    >
      <QueryContent query={query} what="Your setup progress" skeletonLines={6}>
        {(state) => <OnboardingWizard initial={state} onSkip={skip.run} skipping={skip.pending} />}
      </QueryContent>
      {query.isError && !query.data ? (
        <HStack justify="flex-end">
          <Button variant="outline" onClick={skip.run} loading={skip.pending}>
            Go to Dashboard
          </Button>
        </HStack>
      ) : null}
    </FullScreenPage>
  );
}
