import { Button, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useReducer, useState } from 'react';
import { LuArrowLeft, LuCircleCheck } from 'react-icons/lu';
import type { TradingParameters } from '../../../domain/trading/parameters';
import { saveStepProgress, type OnboardingState } from '../onboardingRest';
import { useCompleteOnboarding } from '../useOnboardingActions';
import { canCompleteSetup, LAST_STEP, STEP_TITLES, stepProgress, wizardFromStatus, wizardReducer } from '../wizard';
import { BrokerStep } from './BrokerStep';
import { ModeStep } from './ModeStep';
import { ParametersStep } from './ParametersStep';
import { WizardProgress } from './WizardProgress';

interface OnboardingWizardProps {
  /** The server's status and parameters when the wizard opened. */
  initial: OnboardingState;
  onSkip(): void;
  skipping: boolean;
}

/**
 * The three steps (rules in ../wizard.ts): completing one saves the step progress (PUT /api/onboarding/status),
 * then moves on; Complete Setup on the last step once every step is done.
 */
export function OnboardingWizard({ initial, onSkip, skipping }: OnboardingWizardProps) {
  const [state, dispatch] = useReducer(wizardReducer, initial.status, wizardFromStatus);
  const [parameters, setParameters] = useState<TradingParameters>(initial.tradingParameters);
  const [saving, setSaving] = useState(false);
  const complete = useCompleteOnboarding();

  const completeStep = async (step: number, flagged = true) => {
    setSaving(true);
    // The step's own save succeeded; progress that fails to save only means a reload resumes one step earlier.
    await saveStepProgress(stepProgress(step, flagged)).catch(() => undefined);
    setSaving(false);
    dispatch({ type: 'stepCompleted', step });
  };
  const previous = (
    <Button variant="ghost" onClick={() => dispatch({ type: 'previous' })}>
      <LuArrowLeft />
      Previous
    </Button>
  );

  return (
    <Stack gap="6">
      <WizardProgress state={state} />
      <Separator />
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {STEP_TITLES[state.step]}
        </Heading>
        {state.step === 0 ? (
          <BrokerStep busy={saving} onDone={(connected) => completeStep(0, connected)} />
        ) : state.step === 1 ? (
          <ParametersStep
            parameters={parameters}
            previous={previous}
            onDone={async (saved) => {
              setParameters(saved);
              await completeStep(1);
            }}
          />
        ) : (
          <ModeStep
            mode={parameters.tradingMode}
            done={state.done[2] === true}
            previous={previous}
            onDone={async (mode) => {
              setParameters({ ...parameters, tradingMode: mode });
              await completeStep(2);
            }}
          />
        )}
      </Stack>
      <Separator />
      <Stack gap="2">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Button variant="outline" onClick={onSkip} loading={skipping}>
            Go to Dashboard
          </Button>
          {state.step === LAST_STEP ? (
            <Button
              colorPalette="green"
              disabled={!canCompleteSetup(state)}
              loading={complete.pending}
              onClick={() => void complete.run()}
            >
              <LuCircleCheck />
              Complete Setup
            </Button>
          ) : null}
        </HStack>
        {complete.error ? (
          <Text role="alert" color="fg.error" textStyle="sm" textAlign="end">
            {complete.error}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
