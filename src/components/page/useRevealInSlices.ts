import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` rows to render: `slice` at first, then `slice` more per task (each a transition
 * after a macrotask, so input and paint come between) until all are shown. A long list that arrives at once
 * (a Dexie live query) then builds as a series of short tasks, not one long one. Rows added later are shown
 * in slices too; the count never exceeds `total`.
 */
export function useRevealInSlices(total: number, slice = 5): number {
  const [shown, setShown] = useState(slice);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + slice)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, slice]);
  return Math.min(shown, total);
}
