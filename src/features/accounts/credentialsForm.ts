import type { ApiCredentialsKind } from '../../domain/brokers/catalogue';

/**
 * The API-credentials dialog's rules (spec §5 "API credentials", §8 "Onboarding and broker"):
 * - key and secret are both required, else 'Please provide all required credentials'; Connect is disabled while
 *   either is empty; a broker whose API credentials are one access token (`access-token`) asks for that token only
 *   (sent as the key, with an empty secret);
 * - the account ID is asked only of the multi-asset broker (its catalogue entry's `requiresAccountId`) and optional;
 * - a server refusal that names a field (`apiKey: …`) is shown at that field, one that names none as 'Failed to
 *   connect broker' ("server error field preferred").
 */
export const MISSING_CREDENTIALS_TEXT = 'Please provide all required credentials';
export const CONNECT_FAILED_TEXT = 'Failed to connect broker';

export type CredentialField = 'apiKey' | 'apiSecret' | 'accountId';

export interface CredentialsDraft {
  apiKey: string;
  apiSecret: string;
  accountId: string;
  environment: 'PAPER' | 'LIVE';
}

export const EMPTY_CREDENTIALS: CredentialsDraft = { apiKey: '', apiSecret: '', accountId: '', environment: 'PAPER' };

export function canSubmitCredentials(draft: CredentialsDraft, kind: ApiCredentialsKind = 'key-and-secret'): boolean {
  return draft.apiKey.trim() !== '' && (kind === 'access-token' || draft.apiSecret.trim() !== '');
}

/** Where a refusal is shown: at the field its message names, else as the form's error. */
export type CredentialsError = { field: CredentialField; message: string } | { field: null; message: string };

const FIELDS: readonly CredentialField[] = ['apiKey', 'apiSecret', 'accountId'];

export function credentialsError(serverMessage: string | undefined): CredentialsError {
  const match = /^(\w+):\s*(.+)$/s.exec(serverMessage ?? '');
  const field = FIELDS.find((name) => name === match?.[1]);
  if (field && match?.[2]) return { field, message: match[2] };
  return { field: null, message: CONNECT_FAILED_TEXT };
}

/** The connectBroker input of a draft; null (with the spec's text to show) when a required field is empty. */
export function credentialsInput(
  draft: CredentialsDraft,
  requiresAccountId: boolean,
  kind: ApiCredentialsKind = 'key-and-secret',
): { apiKey: string; apiSecret: string; environment: 'PAPER' | 'LIVE'; accountId?: string } | null {
  if (!canSubmitCredentials(draft, kind)) return null;
  const accountId = draft.accountId.trim();
  return {
    apiKey: draft.apiKey.trim(),
    apiSecret: kind === 'access-token' ? '' : draft.apiSecret.trim(),
    environment: draft.environment,
    ...(requiresAccountId && accountId !== '' ? { accountId } : {}),
  };
}
