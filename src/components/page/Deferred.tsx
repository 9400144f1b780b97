import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

interface Slot {
  show(): void;
  /** Its children have committed. */
  done: boolean;
}

/**
 * The Deferred contents waiting to be shown, in the order they mounted. One is revealed at a time: its render is
 * a transition (React renders it in slices of a few milliseconds, yielding to input and paint) and the next one
 * starts once it has committed, so a screen of many cards becomes a series of small tasks, not one long one.
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
 * it around content below the first view or heavy to build; what is already shown updates normally.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [ready, setReady] = useState(false);
  const slot = useRef<Slot | null>(null);
  useEffect(() => {
    const mine = (slot.current ??= { show: () => setReady(true), done: false });
    if (mine.done) return;
    waiting.push(mine);
    if (revealing === null) revealNext();
    return () => {
      remove(mine);
      // Unmounted while being revealed: nothing of it will commit, so move on.
      if (revealing === mine && !mine.done) revealNext();
    };
  }, []);
  useEffect(() => {
    const mine = slot.current;
    if (!ready || !mine) return;
    mine.done = true;
    remove(mine);
    if (revealing === mine) revealNext();
  }, [ready]);
  return ready ? children : fallback;
}
