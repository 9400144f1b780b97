import { useEffect, useState, type RefObject } from 'react';

/** Whether an element is entirely out of the viewport, and who to tell when it comes back. */
export class OutOfView {
  private out = false;
  private readonly listeners = new Set<() => void>();

  /** True while the element is known to be entirely out of view (false where nothing can tell). */
  isOut(): boolean {
    return this.out;
  }

  /** Calls `listener` each time the element comes back into view; returns the unsubscribe. */
  onBack(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(out: boolean) {
    const back = this.out && !out;
    this.out = out;
    if (back) for (const listener of this.listeners) listener();
  }
}

/**
 * Follows whether the element of `ref` is entirely out of the viewport (IntersectionObserver, no margin): for work
 * that only changes what it shows, which can wait while nobody sees it. Without IntersectionObserver it is never
 * out of view. Does not re-render: read `isOut()` when the work comes, and catch up in `onBack`.
 */
export function useOutOfView(ref: RefObject<HTMLElement | null>): OutOfView {
  const [outOfView] = useState(() => new OutOfView());
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) outOfView.set(!entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, outOfView]);
  return outOfView;
}
