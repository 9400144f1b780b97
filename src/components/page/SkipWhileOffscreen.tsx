import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CardSkeleton, cardSkeletonHeight, type CardBodyHeight } from './CardSkeleton';

export type { CardBodyHeight };

/** `contain-intrinsic-block-size` of the card skeleton of body `bodyH` (auto: its last size once shown). */
function placeholderOf(bodyH: CardBodyHeight) {
  const whole = cardSkeletonHeight(bodyH);
  if (typeof whole === 'string') return `auto ${whole}`;
  return Object.fromEntries(Object.entries(whole).map(([breakpoint, h]) => [breakpoint, `auto ${h}`]));
}

/**
 * A block the browser does not style, lay out or paint while it is off screen (`content-visibility: auto`): on a
 * phone most of a long screen is below the first view, and every style change elsewhere (a card appearing, a
 * price ticking) would otherwise recompute all of it. Until first shown (then its last size is kept) it measures
 * the card skeleton of body `bodyH`, so the page's height, and a restored scroll position, are right before it is
 * scrolled to. A column: its card fills it (in a grid row, the cards of one row keep equal heights).
 */
export function SkipWhileOffscreen({ bodyH, children }: { bodyH: CardBodyHeight; children: ReactNode }) {
  return (
    <Box
      display="flex"
      flexDirection="column"
      contentVisibility="auto"
      containIntrinsicBlockSize={placeholderOf(bodyH)}
      css={{ '& > *': { flex: '1' } }}
    >
      {children}
    </Box>
  );
}

/**
 * A card skipped while off screen (see SkipWhileOffscreen) whose skeleton and placeholder come from one body
 * height: `children` gets the skeleton to show while the card loads or renders.
 */
export function SkippedCardSlot({
  title,
  bodyH,
  children,
}: {
  title: string;
  bodyH: CardBodyHeight;
  children(skeleton: ReactNode): ReactNode;
}) {
  return (
    <SkipWhileOffscreen bodyH={bodyH}>{children(<CardSkeleton title={title} bodyH={bodyH} />)}</SkipWhileOffscreen>
  );
}
