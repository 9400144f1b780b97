/**
 * The onboarding wizard's progress (spec §2 Onboarding wizard, §4 Onboarding), pure.
 *
 * Rules:
 * - Three steps, index 0 to 2: Connect Your Broker, Set Trading Parameters, Choose Trading Mode.
 * - Resuming (a reload): the step is the server's currentStep; a step is done when the server's flag for it is
 *   set or when the saved step is past it (so 'Connect Later' stays done without a connected broker).
 * - Completing a step marks it done and moves on (the last step stays where it is); {@link stepProgress} is
 *   what is saved to the server before moving (PUT /api/onboarding/status).
 * - Previous goes back one step (never before the first); it changes nothing that is done.
 * - Complete Setup is offered on the last step and enabled when every step is done.
 * - The progress bar shows the share of steps done.
 */
import { ONBOARDING_STEPS, type OnboardingStatus } from '../../domain/onboarding';
import type { StepProgress } from './onboardingRest';

export const STEP_TITLES = ['Connect Your Broker', 'Set Trading Parameters', 'Choose Trading Mode'] as const;
export const LAST_STEP = STEP_TITLES.length - 1;

/** The server flag each step sets when it is done. */
const STEP_FLAGS = ['brokerConnected', 'tradingParametersSet', 'modeSelected'] as const;

export interface WizardState {
  step: number;
  done: readonly boolean[];
}

export type WizardAction =
  { type: 'resumed'; status: OnboardingStatus } | { type: 'stepCompleted'; step: number } | { type: 'previous' };

export const initialWizardState: WizardState = { step: 0, done: [false, false, false] };

export function wizardFromStatus(status: OnboardingStatus): WizardState {
  const step = Math.max(0, ONBOARDING_STEPS.indexOf(status.currentStep));
  return { step, done: STEP_FLAGS.map((flag, index) => status[flag] || index < step) };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'resumed':
      return wizardFromStatus(action.status);
    case 'stepCompleted':
      return {
        step: Math.min(action.step + 1, LAST_STEP),
        done: state.done.map((done, index) => done || index === action.step),
      };
    case 'previous':
      return { ...state, step: Math.max(0, state.step - 1) };
  }
}

/**
 * The progress saved when `step` is completed: the step the wizard moves to and, when `flagged` (the step's fact is
 * true: a broker connected, not 'Connect Later'), the completed step's flag, which the server checks.
 */
export function stepProgress(step: number, flagged = true): StepProgress {
  const next = { step: Math.min(step + 1, LAST_STEP) };
  return flagged ? { ...next, [STEP_FLAGS[step] ?? 'modeSelected']: true } : next;
}

export function canCompleteSetup(state: WizardState): boolean {
  return state.step === LAST_STEP && state.done.every(Boolean);
}

/** Percent of the steps done (0 to 100). */
export function progressPercent(state: WizardState): number {
  return Math.round((state.done.filter(Boolean).length / STEP_TITLES.length) * 100);
}

export type StepLook = 'current' | 'done' | 'upcoming';

/** How a step title looks: the current one highlighted, completed ones green. */
export function stepLook(state: WizardState, index: number): StepLook {
  if (index === state.step) return 'current';
  return state.done[index] ? 'done' : 'upcoming';
}
