import type { ReactNode } from 'react';

/**
 * A block the browser does not style, lay out or paint while it is off screen (`content-visibility: auto`): on a
 * phone most of a long screen is below the first view, and every style change elsewhere (a card appearing, a
 * price ticking) would otherwise recompute all of it. `height` stands in for the block until it is first shown
 * (then its last size is kept), so the page's height is about right before it is scrolled to.
 */
export function SkipWhileOffscreen({ height, children }: { height: string; children: ReactNode }) {
  return <div style={{ contentVisibility: 'auto', containIntrinsicBlockSize: `auto ${height}` }}>{children}</div>;
}
