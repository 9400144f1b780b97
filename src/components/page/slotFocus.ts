// Keyboard focus through a card slot whose card is still being built (see SkipWhileOffscreen): Tab (or Shift+Tab)
// on the slot waits for the card and then enters it, instead of jumping past a card that is not there yet.

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Whether the slot's card is built and done loading (no skeleton or loading state in it). */
export function cardReady(slot: HTMLElement): boolean {
  return slot.querySelector('[aria-busy="true"]') === null;
}

function tabbables(slot: HTMLElement): HTMLElement[] {
  return [...slot.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element !== slot);
}

/** How long a slot holding focus waits for its card (a lazy chunk and a query on a slow network). */
const WAIT_MS = 15_000;

/**
 * Once the card in `slot` is ready, moves focus to its first (Tab) or last (Shift+Tab) control, provided focus is
 * still on the slot (the reader has not gone elsewhere meanwhile). A card without controls leaves focus on the
 * slot, from where the next Tab goes on. Checked once per animation frame, for at most WAIT_MS.
 */
export function focusIntoWhenReady(slot: HTMLElement, which: 'first' | 'last'): void {
  const until = performance.now() + WAIT_MS;
  const check = () => {
    if (document.activeElement !== slot) return;
    if (!cardReady(slot)) {
      if (performance.now() < until) requestAnimationFrame(check);
      return;
    }
    const controls = tabbables(slot);
    (which === 'first' ? controls[0] : controls.at(-1))?.focus();
  };
  requestAnimationFrame(check);
}

/** Whether focus came to `slot` from an element after it (Shift+Tab from the next control). */
export function cameFromAfter(slot: HTMLElement, from: EventTarget | null): boolean {
  return (
    from instanceof Node &&
    !slot.contains(from) &&
    (slot.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  );
}
