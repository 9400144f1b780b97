/** What one attempt to send an outbox row came to. */
export type SendOutcome =
  | { kind: 'ok'; data: unknown }
  /**
   * Try again later (network, 5xx, 429): the queue waits behind this row. `limited`: the server answered
   * with an internal error, retried only a few times (it may be the write itself that breaks it).
   */
  | { kind: 'retry'; error: string; limited: boolean }
  /** The server refused the write for good (validation, not found, other 4xx): set it aside. */
  | { kind: 'permanent'; error: string }
  /** Not signed in: wait until a token works again. */
  | { kind: 'auth'; error: string };

interface GraphQLErrorBody {
  message?: unknown;
  extensions?: { code?: unknown };
}

/** Codes of GraphQL errors that say the server had a problem, not the write: retried. */
const TRANSIENT_CODES = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);

function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

function errorList(body: unknown): GraphQLErrorBody[] {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter((item): item is GraphQLErrorBody => typeof item === 'object' && item !== null);
}

function describe(errors: GraphQLErrorBody[]): string {
  return errors.map((error) => (typeof error.message === 'string' ? error.message : 'error')).join('; ');
}

/** Sorts an HTTP answer of /graphql (status and parsed JSON body, or null when it was not JSON). */
export function classifyResponse(status: number, body: unknown): SendOutcome {
  const errors = errorList(body);
  if (errors.length > 0) {
    const codes = errors.map((error) => error.extensions?.code);
    const message = describe(errors);
    if (codes.includes('UNAUTHENTICATED') || status === 401) return { kind: 'auth', error: message };
    if (isRetryableStatus(status)) return { kind: 'retry', error: message, limited: false };
    if (codes.some((code) => typeof code === 'string' && TRANSIENT_CODES.has(code))) {
      return { kind: 'retry', error: message, limited: true };
    }
    return { kind: 'permanent', error: message };
  }
  if (status === 401) return { kind: 'auth', error: `HTTP ${status}` };
  if (isRetryableStatus(status)) return { kind: 'retry', error: `HTTP ${status}`, limited: false };
  if (status >= 400) return { kind: 'permanent', error: `HTTP ${status}` };
  if (typeof body === 'object' && body !== null && 'data' in body && body.data !== null) {
    return { kind: 'ok', data: body.data };
  }
  return { kind: 'retry', error: 'The server sent no answer.', limited: false };
}
