import { describe, expect, it } from 'vitest';
import type { OnboardingStatus } from '../../domain/onboarding';
import {
  canCompleteSetup,
  initialWizardState,
  progressPercent,
  stepLook,
  stepProgress,
  wizardFromStatus,
  wizardReducer,
} from './wizard';

const status = (overrides: Partial<OnboardingStatus>): OnboardingStatus => ({
  currentStep: 'broker_selection',
  brokerConnected: false,
  tradingParametersSet: false,
  modeSelected: false,
  onboardingCompleted: false,
  onboardingSkipped: false,
  ...overrides,
});

describe('wizardFromStatus (resuming after a reload)', () => {
  it('starts a new user at the first step with nothing done', () => {
    expect(wizardFromStatus(status({}))).toEqual({ step: 0, done: [false, false, false] });
  });

  it('resumes at the saved step; a step passed with Connect Later counts as done', () => {
    expect(wizardFromStatus(status({ currentStep: 'mode_selection', tradingParametersSet: true }))).toEqual({
      step: 2,
      done: [true, true, false],
    });
  });

  it('keeps flags the server reports even at an earlier step', () => {
    expect(wizardFromStatus(status({ brokerConnected: true })).done).toEqual([true, false, false]);
  });
});

describe('wizardReducer', () => {
  it('completing a step marks it done and moves on; the last step stays', () => {
    let state = wizardReducer(initialWizardState, { type: 'stepCompleted', step: 0 });
    expect(state).toEqual({ step: 1, done: [true, false, false] });
    state = wizardReducer(state, { type: 'stepCompleted', step: 1 });
    state = wizardReducer(state, { type: 'stepCompleted', step: 2 });
    expect(state).toEqual({ step: 2, done: [true, true, true] });
  });

  it('Previous goes back one step, never before the first, and keeps what is done', () => {
    const state = wizardReducer({ step: 1, done: [true, false, false] }, { type: 'previous' });
    expect(state).toEqual({ step: 0, done: [true, false, false] });
    expect(wizardReducer(state, { type: 'previous' }).step).toBe(0);
  });

  it('resumed replaces the state with the server status', () => {
    const state = wizardReducer(initialWizardState, {
      type: 'resumed',
      status: status({ currentStep: 'trading_parameters' }),
    });
    expect(state).toEqual({ step: 1, done: [true, false, false] });
  });
});

describe('stepProgress (PUT /api/onboarding/status)', () => {
  it('saves the next step and the completed step flag', () => {
    expect(stepProgress(0)).toEqual({ step: 1, brokerConnected: true });
    expect(stepProgress(1)).toEqual({ step: 2, tradingParametersSet: true });
    expect(stepProgress(2)).toEqual({ step: 2, modeSelected: true });
  });

  it("claims no flag for a step passed without its fact ('Connect Later': no broker connected)", () => {
    expect(stepProgress(0, false)).toEqual({ step: 1 });
  });
});

describe('Complete Setup, progress and step titles', () => {
  it('is enabled on the last step only when every step is done', () => {
    expect(canCompleteSetup({ step: 2, done: [true, true, false] })).toBe(false);
    expect(canCompleteSetup({ step: 1, done: [true, true, true] })).toBe(false);
    expect(canCompleteSetup({ step: 2, done: [true, true, true] })).toBe(true);
  });

  it('shows the share of steps done', () => {
    expect(progressPercent(initialWizardState)).toBe(0);
    expect(progressPercent({ step: 2, done: [true, true, false] })).toBe(67);
    expect(progressPercent({ step: 2, done: [true, true, true] })).toBe(100);
  });

  it('highlights the current step and shows completed ones as done', () => {
    const state = { step: 1, done: [true, false, false] };
    expect([0, 1, 2].map((index) => stepLook(state, index))).toEqual(['done', 'current', 'upcoming']);
  });
});
