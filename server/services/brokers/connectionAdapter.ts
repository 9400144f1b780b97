/**
 * What connecting a provider needs (issue 14 points 1–3): one small adapter per provider, so connections.ts and
 * oauth.ts hold no provider's name (Alpaca: ./alpaca/connection.ts, Tradier: ./tradier/connection.ts).
 *
 * Rules:
 * - `keysAuth` builds the credentials of the API-credentials dialog from its fields (a clear error naming the field:
 *   `credential`); `readAccount` reads the account they open (the connection's stored account when named).
 * - `answered` is the HTTP status of a broker's refusal (401 or 403: the credentials are refused), null when the
 *   broker could not be reached.
 * - `refreshTokens`, when the provider's access tokens expire: a new pair (the refresh token to keep, rotated or
 *   not) and its expiry (./connectionAuth.ts saves it).
 */
import { badUserInput } from '../errors';
import type { AccountRead, BrokerAuth, BrokerEnvironment } from './connectionRows';

export interface RefreshedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
}

export interface ConnectionAdapter {
  readonly provider: string;
  keysAuth(input: { apiKey: unknown; apiSecret: unknown }): BrokerAuth;
  readAccount(environment: BrokerEnvironment, auth: BrokerAuth, accountId?: string | null): Promise<AccountRead>;
  answered(error: unknown): number | null;
  refreshTokens?: (refreshToken: string) => Promise<RefreshedTokens>;
}

const CREDENTIAL_MAX = 256;
export const MISSING_CREDENTIALS = 'Please provide all required credentials';

/** One field of the credentials dialog, trimmed and checked. */
export function credential(value: unknown, field: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw badUserInput(`${field}: ${MISSING_CREDENTIALS}`);
  if (text.length > CREDENTIAL_MAX) throw badUserInput(`${field}: at most ${CREDENTIAL_MAX} characters`);
  if (!/^[\x21-\x7e]+$/.test(text)) throw badUserInput(`${field}: letters, digits and symbols only, no spaces`);
  return text;
}
