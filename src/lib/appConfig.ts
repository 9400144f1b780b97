/** `GET /api/config`: what the client needs to know about the server before signing in. */
export interface AppConfig {
  version: string;
  authMode: 'single' | 'otp';
  errorReporting: boolean;
}

function isAppConfig(value: unknown): value is AppConfig {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.version === 'string' &&
    (candidate.authMode === 'single' || candidate.authMode === 'otp') &&
    typeof candidate.errorReporting === 'boolean'
  );
}

let pending: Promise<AppConfig> | null = null;

/** Loads the server configuration once per page (a failure is retried on the next call). */
export function fetchAppConfig(): Promise<AppConfig> {
  pending ??= fetch('/api/config', { headers: { accept: 'application/json' }, cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
      const body: unknown = await response.json();
      if (!isAppConfig(body)) throw new Error('GET /api/config answered an unexpected body');
      return body;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
