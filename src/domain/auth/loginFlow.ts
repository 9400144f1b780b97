/**
 * The login screen's state (spec §2 Login screen, §4 Login, §5): channel tab, step, field values,
 * the methodId of the code being verified and the error shown. Pure, so every transition is tested.
 */
import { formatUsPhone, normalizeUsPhone } from '../phone';
import { sanitizeCode } from './codeInput';

export type LoginChannel = 'phone' | 'email';
export type LoginStep = 'input' | 'verify';

export interface LoginState {
  channel: LoginChannel;
  step: LoginStep;
  /** As displayed: (555) 123-4567. */
  phone: string;
  email: string;
  code: string;
  methodId: string | null;
  error: string | null;
}

export type LoginAction =
  | { type: 'switchChannel'; channel: LoginChannel }
  | { type: 'phoneTyped'; value: string }
  | { type: 'emailTyped'; value: string }
  | { type: 'codeTyped'; value: string }
  | { type: 'codeSent'; methodId: string }
  | { type: 'failed'; error: string }
  | { type: 'useDifferent' };

export const initialLoginState: LoginState = {
  channel: 'phone',
  step: 'input',
  phone: '',
  email: '',
  code: '',
  methodId: null,
  error: null,
};

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'switchChannel':
      // Spec §4: switching tab resets to input and clears code, error and methodId.
      return { ...state, channel: action.channel, step: 'input', code: '', error: null, methodId: null };
    case 'phoneTyped':
      return { ...state, phone: formatUsPhone(action.value) };
    case 'emailTyped':
      return { ...state, email: action.value };
    case 'codeTyped':
      return { ...state, code: sanitizeCode(action.value) };
    case 'codeSent':
      return { ...state, step: 'verify', methodId: action.methodId, code: '', error: null };
    case 'failed':
      return { ...state, error: action.error };
    case 'useDifferent':
      return { ...state, step: 'input', code: '', error: null };
  }
}

/** What the code request sends: the normalised phone (+1 and 10 digits) or the trimmed e-mail; null when invalid. */
export function loginInput(state: LoginState): { phoneNumber: string } | { email: string } | null {
  if (state.channel === 'phone') {
    const phoneNumber = normalizeUsPhone(state.phone);
    return phoneNumber ? { phoneNumber } : null;
  }
  const email = state.email.trim();
  return email === '' ? null : { email };
}

/** Where the code was sent, for the step 2 subtitle. */
export function codeDestination(state: LoginState): string {
  return state.channel === 'phone' ? state.phone : state.email.trim();
}

/** Step subtitle (spec §2). */
export function loginSubtitle(state: LoginState): string {
  return state.step === 'input'
    ? 'Sign in with your phone number or email to access your trading dashboard'
    : `Enter the 6-digit verification code sent to ${codeDestination(state)}`;
}
