import { createContext } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the slot around a component (SkipWhileOffscreen) has come near the screen, so what it holds may be
 * built. True outside any slot: content not in a slot is built at once.
 */
export const NearViewContext = createContext(true);

/**
 * How far outside the viewport a slot counts as near: half a viewport above and below, so a card scrolled to at
 * a reader's pace is built before it shows (a phone's first view builds its first two or three cards, not all
 * twelve).
 */
export const NEAR_MARGIN = '50% 0px';

type Listener = () => void;

/** The slots waiting to come near, by element, for the one observer they share. */
const watched = new Map<Element, Listener>();
let observer: IntersectionObserver | null = null;

/** Whether this environment can tell (without it, e.g. in jsdom or an old browser, every slot is near at once). */
export const canObserveNearness = (): boolean => typeof IntersectionObserver !== 'undefined';

/**
 * Calls `onNear` once `element` comes within NEAR_MARGIN of the viewport (at once if it already is: the first
 * report follows observe(), so a restored scroll position counts too); returns the unsubscribe. One observer
 * serves every slot.
 */
export function whenNear(element: Element, onNear: Listener): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const listener = watched.get(entry.target);
        stopWatching(entry.target);
        listener?.();
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  watched.set(element, onNear);
  observer.observe(element);
  return () => {
    if (watched.get(element) === onNear) stopWatching(element);
  };
}

function stopWatching(element: Element): void {
  watched.delete(element);
  observer?.unobserve(element);
}

/** Set for good by the first `beforeprint`: a printout shows every card, so every slot is near from then on. */
let printing = false;
const printListeners = new Set<Listener>();

function onBeforePrint(): void {
  if (printing) return;
  // Printing lays the page out as soon as the beforeprint listeners return (window.print() runs them inside the
  // caller's task, before any microtask): the cards are built synchronously here.
  flushSync(() => {
    printing = true;
    for (const listener of printListeners) listener();
  });
}

/** For useSyncExternalStore: whether the page is (or has been) printed. */
export function subscribePrinting(listener: Listener): () => void {
  if (printListeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('beforeprint', onBeforePrint);
  }
  printListeners.add(listener);
  return () => {
    printListeners.delete(listener);
    if (printListeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('beforeprint', onBeforePrint);
    }
  };
}

export const isPrinting = (): boolean => printing;
export const notPrinting = (): boolean => false;
