import { lazy, Suspense } from 'react';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { CardSkeleton } from '../../components/page/CardSkeleton';

const OpportunityAlertsCard = lazy(() => import('./OpportunityAlertsCard'));

/** The Dashboard's opportunity alerts card, loaded apart behind a skeleton of about its size. */
export function DashboardOpportunityAlerts() {
  return (
    <ComponentErrorBoundary name="Opportunity alerts">
      <Suspense fallback={<CardSkeleton title="Opportunity alerts" bodyH="12rem" />}>
        <OpportunityAlertsCard />
      </Suspense>
    </ComponentErrorBoundary>
  );
}
