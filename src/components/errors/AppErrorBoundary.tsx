import type { ReactNode } from 'react';
import { AppErrorFallback } from './AppErrorFallback';
import { ErrorBoundary } from './ErrorBoundary';

/** Around the whole app: a full-screen error with Refresh Page and Go to Dashboard. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={(props) => <AppErrorFallback {...props} />}>{children}</ErrorBoundary>;
}
