import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { createErrorId } from '../../domain/errorId';
import { reportCaughtError } from './errorReporting';
import { PageErrorFallback } from './PageErrorFallback';
import { toCapturedError } from './reporter';

/** The router's errorComponent (a loader or route component failed): the page-level error screen. */
export function RouteErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [errorId] = useState(() => createErrorId());
  useEffect(() => reportCaughtError(error, errorId), [error, errorId]);
  return (
    <PageErrorFallback
      error={toCapturedError(error)}
      errorId={errorId}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
