import { useDeferredValue, type ReactNode } from 'react';

/**
 * Mounts `children` in a background render: the render that mounts this shows `fallback`, and React then builds
 * the children in a deferred render it splits into slices of a few milliseconds, yielding to input and paint.
 * For a large subtree that appears on a plain state update (a promise settling, a store changing), which React
 * would otherwise render in one uninterruptible task as long as the whole subtree.
 */
export function RenderInBackground({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : fallback;
}
