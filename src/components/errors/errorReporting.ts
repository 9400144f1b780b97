import { authorizationHeader } from '../../auth/token';
import { fetchAppConfig } from '../../lib/appConfig';
import { createErrorReporter, toCapturedError, type ErrorReport } from './reporter';

/** Posts a report to the server, which forwards it to the configured endpoint with its key. */
async function sendReport(report: ErrorReport): Promise<void> {
  const config = await fetchAppConfig();
  if (!config.errorReporting) return;
  const response = await fetch('/api/errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: authorizationHeader() },
    body: JSON.stringify(report),
    keepalive: true,
  });
  await response.body?.cancel();
}

const reporter = createErrorReporter({
  send: sendReport,
  context: () => ({ url: window.location.href, userAgent: navigator.userAgent }),
});

/** Reports an error caught by an error boundary, under the id the boundary shows. */
export function reportCaughtError(error: unknown, id: string): void {
  reporter.report(toCapturedError(error), id);
}

/** Reports unhandled errors and promise rejections of this page. */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    reporter.report(toCapturedError(event.error ?? event.message));
  });
  window.addEventListener('unhandledrejection', (event) => {
    reporter.report(toCapturedError(event.reason));
  });
}
