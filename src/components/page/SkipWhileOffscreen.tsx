import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CardSkeleton } from './CardSkeleton';

/** A card skeleton's body height (a CSS length), one for all screens or one per breakpoint. */
export type CardBodyHeight = string | Partial<Record<'base' | 'sm' | 'md' | 'lg' | 'xl' | '2xl', string>>;

/** CardSkeleton's frame around its body: borders, padding and the title line with its margin. */
const CARD_FRAME_H = '5.75rem + 2px';

function placeholderOf(bodyH: CardBodyHeight) {
  const one = (h: string) => `auto calc(${h} + ${CARD_FRAME_H})`;
  if (typeof bodyH === 'string') return one(bodyH);
  return Object.fromEntries(Object.entries(bodyH).map(([breakpoint, h]) => [breakpoint, one(h)]));
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
