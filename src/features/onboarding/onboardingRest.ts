import type { OnboardingStatus } from '../../domain/onboarding';
import type { TradingMode } from '../../domain/trading/broker';
import type { TradingParameters, TradingParametersInput } from '../../domain/trading/parameters';
import { RestError, restJson } from '../accounts/brokersRest';

/** GET /api/onboarding/status. */
export interface OnboardingState {
  status: OnboardingStatus;
  tradingParameters: TradingParameters;
}

/** PUT /api/onboarding/status: the step reached (0 to 2) and the flags of the steps done. */
export interface StepProgress {
  step: number;
  brokerConnected?: boolean;
  tradingParametersSet?: boolean;
  modeSelected?: boolean;
  onboardingCompleted?: boolean;
}

/** A refusal's text and the field it names: the server's `error` when it sent one, else the caller's fallback. */
export interface OnboardingFailure {
  message: string;
  field: string | null;
  /** Live refused: a verified live broker account must be connected first. */
  requiresBrokerSetup: boolean;
}

export function onboardingFailure(error: unknown, fallback: string): OnboardingFailure {
  const body: Record<string, unknown> =
    error instanceof RestError && typeof error.body === 'object' && error.body !== null
      ? (error.body as Record<string, unknown>)
      : {};
  const serverText = typeof body.error === 'string' && body.error.trim() !== '' ? body.error : null;
  return {
    message: serverText ?? (error instanceof RestError && error.message ? error.message : fallback),
    field: typeof body.field === 'string' ? body.field : null,
    requiresBrokerSetup: body.requiresBrokerSetup === true,
  };
}

/** The signed-in user's status; `token` for a session not stored yet (the first sign-in check). */
export function fetchOnboardingState(token?: string): Promise<OnboardingState> {
  return restJson<OnboardingState>('GET', '/api/onboarding/status', undefined, token);
}

type Saved = { success: true; status: OnboardingStatus; tradingParameters: TradingParameters };

export function saveTradingParameters(parameters: TradingParametersInput): Promise<Saved> {
  return restJson<Saved>('POST', '/api/onboarding/parameters', parameters);
}

export function saveTradingMode(tradingMode: TradingMode, modeConfirmed: boolean): Promise<Saved> {
  return restJson<Saved>('POST', '/api/onboarding/parameters', { tradingMode, modeConfirmed });
}

type StatusAnswer = { success: true; status: OnboardingStatus };

export function saveStepProgress(progress: StepProgress): Promise<StatusAnswer> {
  return restJson<StatusAnswer>('PUT', '/api/onboarding/status', progress);
}

export function completeOnboarding(): Promise<StatusAnswer> {
  return restJson<StatusAnswer>('POST', '/api/onboarding/complete');
}

export function skipOnboarding(): Promise<StatusAnswer> {
  return restJson<StatusAnswer>('POST', '/api/onboarding/skip');
}
