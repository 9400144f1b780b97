import { authorizationHeader } from '../../auth/token';
import type { ApiCredentialsKind, BrokerFeature, BrokerType } from '../../domain/brokers/catalogue';

/** A REST refusal: the status and the server's `message` (spec §7 REST error body `{error, message}`). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed answer (null when it was not JSON), for callers reading more than `message`. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

/** A catalogue entry as GET /api/brokers/available answers it. */
export interface AvailableBroker {
  id: string;
  name: string;
  type: BrokerType;
  brokerLogoUrl: string;
  brokerDescription: string;
  supportedFeatures: BrokerFeature[];
  oauthEnabled: boolean;
  /** false: listed as not yet available, never connectable. */
  available: boolean;
  requiresAccountId: boolean;
  /** What the credentials dialog asks for (absent from an older server: a key and a secret). */
  apiCredentials?: ApiCredentialsKind;
}

/**
 * Signed-in JSON request to this origin's /api (bearer header like every client request; `token` for a session
 * not stored yet, as right after sign-in).
 */
export async function restJson<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      authorization: token ? `Bearer ${token}` : authorizationHeader(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    cache: 'no-store',
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string'
        ? answer.message
        : '';
    throw new RestError(response.status, message, answer);
  }
  return answer as T;
}

export async function fetchAvailableBrokers(): Promise<AvailableBroker[]> {
  return (await restJson<{ brokers: AvailableBroker[] }>('GET', '/api/brokers/available')).brokers;
}
