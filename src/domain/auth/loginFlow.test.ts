import { describe, expect, it } from 'vitest';
import {
  initialLoginState,
  loginInput,
  loginReducer,
  loginSubtitle,
  type LoginAction,
  type LoginState,
} from './loginFlow';

const run = (...actions: LoginAction[]): LoginState => actions.reduce(loginReducer, initialLoginState);

describe('login flow (spec §4 Login)', () => {
  it('starts on the phone tab, step 1, with the sign-in subtitle', () => {
    expect(initialLoginState.step).toBe('input');
    expect(loginSubtitle(initialLoginState)).toBe(
      'Sign in with your phone number or email to access your trading dashboard',
    );
  });

  it('formats the phone as typed and sends it normalised', () => {
    const state = run({ type: 'phoneTyped', value: '5552345678' });
    expect(state.phone).toBe('(555) 234-5678');
    expect(loginInput(state)).toEqual({ phoneNumber: '+15552345678' });
    expect(run({ type: 'phoneTyped', value: '1 555 234 5678' }).phone).toBe('(555) 234-5678');
    expect(loginInput(run({ type: 'phoneTyped', value: '555' }))).toBeNull();
  });

  it('sends the trimmed e-mail on the Email tab', () => {
    const state = run({ type: 'switchChannel', channel: 'email' }, { type: 'emailTyped', value: ' ada@example.com ' });
    expect(loginInput(state)).toEqual({ email: 'ada@example.com' });
  });

  it('moves to step 2 when the code was sent, naming where it went', () => {
    const state = run(
      { type: 'switchChannel', channel: 'email' },
      { type: 'emailTyped', value: 'ada@example.com' },
      { type: 'codeSent', methodId: 'm1' },
    );
    expect(state).toMatchObject({ step: 'verify', methodId: 'm1' });
    expect(loginSubtitle(state)).toBe('Enter the 6-digit verification code sent to ada@example.com');
  });

  it('keeps only 6 digits in the code', () => {
    expect(run({ type: 'codeTyped', value: '12ab345678' }).code).toBe('123456');
  });

  it("'Use a different phone/email' returns to step 1 and clears the code", () => {
    const state = run(
      { type: 'phoneTyped', value: '5552345678' },
      { type: 'codeSent', methodId: 'm1' },
      { type: 'codeTyped', value: '123' },
      { type: 'useDifferent' },
    );
    expect(state).toMatchObject({ step: 'input', code: '', phone: '(555) 234-5678' });
  });

  it('switching tab resets to step 1 and clears code, error and methodId', () => {
    const state = run(
      { type: 'codeSent', methodId: 'm1' },
      { type: 'codeTyped', value: '123456' },
      { type: 'failed', error: 'Invalid verification code. Please check your code and try again.' },
      { type: 'switchChannel', channel: 'email' },
    );
    expect(state).toMatchObject({ channel: 'email', step: 'input', code: '', error: null, methodId: null });
  });
});
