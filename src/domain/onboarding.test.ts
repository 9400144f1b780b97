import { describe, expect, it } from 'vitest';
import { missingForCompletion, parseOnboardingStep } from './onboarding';

describe('onboarding steps', () => {
  it('reads a step from its index or its name, and nothing else', () => {
    expect([0, 1, 2].map(parseOnboardingStep)).toEqual(['broker_selection', 'trading_parameters', 'mode_selection']);
    expect(parseOnboardingStep('mode_selection')).toBe('mode_selection');
    for (const bad of [3, -1, 1.5, '1', 'done', null, undefined, true]) expect(parseOnboardingStep(bad)).toBeNull();
  });

  it('completes only with the trading parameters set and a mode selected (the broker may wait)', () => {
    expect(missingForCompletion({ tradingParametersSet: false, modeSelected: true })?.field).toBe(
      'tradingParametersSet',
    );
    expect(missingForCompletion({ tradingParametersSet: true, modeSelected: false })?.field).toBe('modeSelected');
    expect(missingForCompletion({ tradingParametersSet: true, modeSelected: true })).toBeNull();
  });
});
