import type { ReactNode } from 'react';
import { ComponentErrorFallback } from './ComponentErrorFallback';
import { ErrorBoundary } from './ErrorBoundary';
import { PageErrorFallback } from './PageErrorFallback';

// The app-wide boundary has a module of its own, so the first download does not carry the others' fallbacks.
export { AppErrorBoundary } from './AppErrorBoundary';

/** Around the page inside the shell: Try Again and Go Back; cleared when the path changes. */
export function PageErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={({ error, errorId, reset }) => <PageErrorFallback error={error} errorId={errorId} onRetry={reset} />}
    >
      {children}
    </ErrorBoundary>
  );
}

/** Around one part of a page (a card): a small error card with Retry; the rest of the page keeps working. */
export function ComponentErrorBoundary({ children, name }: { children: ReactNode; name: string }) {
  return (
    <ErrorBoundary fallback={(props) => <ComponentErrorFallback {...props} name={name} />}>{children}</ErrorBoundary>
  );
}
