import { Suspense, type ReactNode } from 'react';
import { ComponentErrorBoundary } from '../errors/boundaries';
import { Deferred } from './Deferred';
import { SkippedCardSlot, type CardBodyHeight } from './SkipWhileOffscreen';

/**
 * A card that loads its own data (or its code: lazy cards suspend) in a slot that mounts it only once it comes
 * near the screen (see SkippedCardSlot: a skeleton and keyboard stop until then), then builds it in a background
 * render (see Deferred) behind that skeleton: its queries and code start loading when it mounts. `children` gets
 * the skeleton, for a card to show while its own data loads. `errorName`: what a failure of it is called (default
 * `title`).
 */
export function DeferredCard({
  title,
  skeletonH,
  errorName = title,
  children,
}: {
  title: string;
  skeletonH: CardBodyHeight;
  errorName?: string;
  children(skeleton: ReactNode): ReactNode;
}) {
  return (
    <SkippedCardSlot title={title} bodyH={skeletonH}>
      {(skeleton) => (
        <ComponentErrorBoundary name={errorName}>
          <Deferred fallback={skeleton}>
            <Suspense fallback={skeleton}>{children(skeleton)}</Suspense>
          </Deferred>
        </ComponentErrorBoundary>
      )}
    </SkippedCardSlot>
  );
}
