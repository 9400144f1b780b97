import { lazy, Suspense } from 'react';

const OpportunityEvents = lazy(() => import('./OpportunityEvents'));

/** The shell's opportunity toasts, loaded apart (nothing added to the first download but this wrapper). */
export function LazyOpportunityEvents() {
  return (
    <Suspense fallback={null}>
      <OpportunityEvents />
    </Suspense>
  );
}
