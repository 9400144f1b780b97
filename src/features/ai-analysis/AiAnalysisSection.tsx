import { lazy, Suspense, type ReactNode } from 'react';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';

const AiAnalysisCard = lazy(() => import('./AiAnalysisCard'));

/** Its skeleton's body height: the place kept for it while it loads or is off screen (a CardBodyHeight). */
export const AI_ANALYSIS_BODY_H = '20rem';

/**
 * The AI analysis card under its own error boundary, loaded apart (markdown rendering) behind `skeleton` (its card
 * slot's, of body AI_ANALYSIS_BODY_H). Its slot mounts it only once near the screen: below a phone's first view,
 * neither the analysis is asked for nor the Markdown renderer loaded and run until the reader scrolls towards it.
 * No margin of its own: the page spaces it, so its skeleton and its off-screen placeholder measure what it shows.
 */
export function AiAnalysisSection({ symbol, skeleton }: { symbol: string; skeleton: ReactNode }) {
  return (
    <ComponentErrorBoundary name="AI analysis">
      <Suspense fallback={skeleton}>
        <AiAnalysisCard symbol={symbol} />
      </Suspense>
    </ComponentErrorBoundary>
  );
}
