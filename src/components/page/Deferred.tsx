import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `fallback` first, then `children` in a background render that React splits into slices of a few
 * milliseconds, yielding to input and paint in between: a screen of many cards mounts without one long task.
 * Use it around content below the first view or heavy to build; what is already mounted updates normally.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
