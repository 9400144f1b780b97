import { startTransition, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isPrinting, NearViewContext, notPrinting, subscribePrinting } from './nearView';

interface Slot {
  show(): void;
  /** Its children have committed. */
  done: boolean;
}

/**
 * The Deferred contents waiting to be shown, in the order they came near the screen. One is revealed at a time:
 * its render is a transition (React renders it in slices of a few milliseconds, yielding to input and paint) and
 * the next one starts once it has committed, so a screen of many cards becomes a series of small tasks, not one
 * long one.
 */
const waiting: Slot[] = [];
let revealing: Slot | null = null;

function revealNext(): void {
  revealing = waiting.shift() ?? null;
  const slot = revealing;
  if (slot) startTransition(() => slot.show());
}

function remove(slot: Slot): void {
  const index = waiting.indexOf(slot);
  if (index >= 0) waiting.splice(index, 1);
}

/**
 * Renders `fallback` first, then `children` in a background render, one Deferred after another (see above). Use
 * it around content below the first view or heavy to build; what is already shown updates normally. Inside a
 * slot that is not yet near the screen (SkipWhileOffscreen, NearViewContext) it keeps `fallback` and joins the
 * queue only once the slot comes near, so the queue holds what the reader can see soon, in that order. When the
 * page is printed it shows `children` at once.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [ready, setReady] = useState(false);
  const slot = useRef<Slot | null>(null);
  const near = useContext(NearViewContext);
  const printing = useSyncExternalStore(subscribePrinting, isPrinting, notPrinting);
  useEffect(() => {
    if (!near || printing) return;
    const mine = (slot.current ??= { show: () => setReady(true), done: false });
    if (mine.done) return;
    waiting.push(mine);
    if (revealing === null) revealNext();
    return () => {
      remove(mine);
      // Unmounted while being revealed: nothing of it will commit, so move on.
      if (revealing === mine && !mine.done) revealNext();
    };
  }, [near, printing]);
  const shown = ready || printing;
  useEffect(() => {
    const mine = slot.current;
    if (!shown || !mine) return;
    mine.done = true;
    remove(mine);
    if (revealing === mine) revealNext();
  }, [shown]);
  return shown ? children : fallback;
}
