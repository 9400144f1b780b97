import { Box } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { CardSkeleton } from '../../components/page/CardSkeleton';

const AiAnalysisCard = lazy(() => import('./AiAnalysisCard'));

/** The AI analysis card under its own error boundary, loaded apart (markdown rendering) behind a skeleton. */
export function AiAnalysisSection({ symbol }: { symbol: string }) {
  return (
    <Box mt="5">
      <ComponentErrorBoundary name="AI analysis">
        <Suspense fallback={<CardSkeleton title="AI analysis" bodyH="20rem" />}>
          <AiAnalysisCard symbol={symbol} />
        </Suspense>
      </ComponentErrorBoundary>
    </Box>
  );
}
