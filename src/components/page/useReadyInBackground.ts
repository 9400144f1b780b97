import { useDeferredValue } from 'react';

/**
 * `ready` as the screen should use it: when it turns true in a plain update (a promise callback, a store read
 * through useSyncExternalStore such as React Query's, which React renders at once and in one uninterruptible
 * piece), that update still gets false, so the fallback stays on screen, and the true comes in a deferred render
 * React splits into slices of a few milliseconds. True on mount stays true (nothing to wait for).
 */
export function useReadyInBackground(ready: boolean): boolean {
  return useDeferredValue(ready);
}
