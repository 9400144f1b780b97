import { describe, expect, it } from 'vitest';
import { RestError } from '../accounts/brokersRest';
import { onboardingFailure } from './onboardingRest';

describe('onboardingFailure (the text a refused onboarding call shows)', () => {
  it("prefers the server's error and keeps the field it names", () => {
    const refusal = new RestError(400, '', {
      success: false,
      error: 'Max position size must be from $100 to $10,000,000, in steps of $100: 150 is not.',
      field: 'maxPositionSize',
    });
    expect(onboardingFailure(refusal, 'Failed to save parameters')).toEqual({
      message: 'Max position size must be from $100 to $10,000,000, in steps of $100: 150 is not.',
      field: 'maxPositionSize',
      requiresBrokerSetup: false,
    });
  });

  it('says when live trading needs a broker first', () => {
    const refusal = new RestError(409, '', {
      success: false,
      error: 'Live trading needs a connected, verified live broker account.',
      requiresBrokerSetup: true,
    });
    expect(onboardingFailure(refusal, 'Failed to save trading mode')).toMatchObject({
      message: 'Live trading needs a connected, verified live broker account.',
      requiresBrokerSetup: true,
    });
  });

  it("falls back to the spec's text for a network failure or an answer without a message", () => {
    expect(onboardingFailure(new TypeError('Failed to fetch'), 'Failed to save trading mode')).toEqual({
      message: 'Failed to save trading mode',
      field: null,
      requiresBrokerSetup: false,
    });
    expect(onboardingFailure(new RestError(500, '', null), 'Failed to save parameters').message).toBe(
      'Failed to save parameters',
    );
  });
});
