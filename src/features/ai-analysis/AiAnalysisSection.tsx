import { lazy, Suspense } from 'react';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { CardSkeleton } from '../../components/page/CardSkeleton';

const AiAnalysisCard = lazy(() => import('./AiAnalysisCard'));

/** Its skeleton's body height: the place kept for it while it loads or is off screen (a CardBodyHeight). */
export const AI_ANALYSIS_BODY_H = '20rem';

/**
 * The AI analysis card under its own error boundary, loaded apart (markdown rendering) behind a skeleton. No
 * margin of its own: the page spaces it, so its skeleton and its off-screen placeholder measure what it shows.
 */
export function AiAnalysisSection({ symbol }: { symbol: string }) {
  return (
    <ComponentErrorBoundary name="AI analysis">
      <Suspense fallback={<CardSkeleton title="AI analysis" bodyH={AI_ANALYSIS_BODY_H} />}>
        <AiAnalysisCard symbol={symbol} />
      </Suspense>
    </ComponentErrorBoundary>
  );
}
