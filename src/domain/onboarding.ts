/**
 * The onboarding wizard's status (spec §3 Onboarding status, §4 Onboarding), pure: its three steps, in order
 * (step index 0 to 2), and what completing it needs.
 *
 * Rules:
 * - A step is sent as its name or its index (0 broker_selection, 1 trading_parameters, 2 mode_selection).
 * - Completing needs the trading parameters set and a mode selected; the broker step may be left for later.
 */
export const ONBOARDING_STEPS = ['broker_selection', 'trading_parameters', 'mode_selection'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingStatus {
  currentStep: OnboardingStep;
  brokerConnected: boolean;
  tradingParametersSet: boolean;
  modeSelected: boolean;
  onboardingCompleted: boolean;
  onboardingSkipped: boolean;
}

/** The step named or numbered by `value`, or null. */
export function parseOnboardingStep(value: unknown): OnboardingStep | null {
  if (typeof value === 'number') return Number.isInteger(value) ? (ONBOARDING_STEPS[value] ?? null) : null;
  return typeof value === 'string' && (ONBOARDING_STEPS as readonly string[]).includes(value)
    ? (value as OnboardingStep)
    : null;
}

/** What is missing before onboarding can be completed: the first missing field and its text, or null. */
export function missingForCompletion(
  status: Pick<OnboardingStatus, 'tradingParametersSet' | 'modeSelected'>,
): { field: 'tradingParametersSet' | 'modeSelected'; error: string } | null {
  if (!status.tradingParametersSet) {
    return { field: 'tradingParametersSet', error: 'Set your trading parameters before completing onboarding.' };
  }
  if (!status.modeSelected) {
    return { field: 'modeSelected', error: 'Choose a trading mode before completing onboarding.' };
  }
  return null;
}
