import { Box } from '@chakra-ui/react';
import {
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { canObserveNearness, isPrinting, NearViewContext, notPrinting, subscribePrinting, whenNear } from './nearView';
import { CardSkeleton, cardSkeletonHeight, type CardBodyHeight } from './CardSkeleton';
import { cameFromAfter, cardReady, focusIntoWhenReady } from './slotFocus';

export type { CardBodyHeight };

/** `contain-intrinsic-block-size` of the card skeleton of body `bodyH` (auto: its last size once shown). */
function placeholderOf(bodyH: CardBodyHeight) {
  const whole = cardSkeletonHeight(bodyH);
  if (typeof whole === 'string') return `auto ${whole}`;
  return Object.fromEntries(Object.entries(whole).map(([breakpoint, h]) => [breakpoint, `auto ${h}`]));
}

/**
 * Whether the block `ref` has come near the screen (see nearView), and a way to say it has (focus). It stays
 * near once it is. Near at once where nothing can tell (no IntersectionObserver), and once the page is printed.
 */
function useNearView(ref: RefObject<HTMLElement | null>): [near: boolean, bringNear: () => void] {
  const [near, setNear] = useState(() => !canObserveNearness());
  const printing = useSyncExternalStore(subscribePrinting, isPrinting, notPrinting);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    // Scrolled near: its contents are built in a background render (yielding to input, paint and scrolling).
    return whenNear(element, () => startTransition(() => setNear(true)));
  }, [ref, near]);
  return [near || printing, () => setNear(true)];
}

/**
 * A column whose child fills it; while the slot waits for the reader (`data-near="false"`), the skeletons in it
 * (its card skeleton, a Deferred's fallback) are still blocks: nothing loads there yet, and a pulse would run for
 * as long as the slot waits, each frame composited and drawn again (on the 2-core test machine an idle Stock
 * details page with two waiting slots kept about 5 % of a core busy in the renderer and the GPU process, against
 * 2 % without). Once near, a skeleton still there is a load under way: it pulses after LOADING_MOTION_DELAY.
 */
const WAITING_SLOT_CSS = {
  '& > *': { flex: '1' },
  '&[data-near="false"] .chakra-skeleton': { animation: 'none' },
};

/**
 * A block whose contents are built only once it comes near the screen (within half a viewport, see nearView),
 * and which the browser does not style, lay out or paint while it is off screen (`content-visibility: auto`). On
 * a phone most of a long screen is below the first view: its cards are neither rendered by React nor laid out
 * until the reader scrolls towards them (then they stay), and a style change elsewhere (a card appearing, a
 * price ticking) does not recompute them. Until first shown (then its last size is kept) it measures the card
 * skeleton of body `bodyH`, so the page's height, and a restored scroll position, are right before it is
 * scrolled to. A column: its card fills it (in a grid row, the cards of one row keep equal heights).
 *
 * What it holds decides what waits: SkippedCardSlot mounts its card only when near; any Deferred inside waits
 * for it (NearViewContext) before joining the reveal queue.
 *
 * `name` (the card's title): while not near, the block is a named group in the tab order, so a keyboard user
 * reaches the card in document order: focusing it scrolls it into view and builds it, and the next Tab goes to
 * the card's first control, waiting for the card if it is still being built (Shift+Tab into it goes to its last
 * control, see slotFocus). Once built it leaves the tab order (keeping focus while it has it).
 */
export function SkipWhileOffscreen({
  bodyH,
  name,
  children,
}: {
  bodyH: CardBodyHeight;
  name?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, bringNear] = useNearView(ref);
  const [focused, setFocused] = useState(false);
  const own = (event: FocusEvent) => event.target === event.currentTarget;
  const inTabOrder = name !== undefined && (!near || focused);
  return (
    <Box
      ref={ref}
      display="flex"
      flexDirection="column"
      contentVisibility="auto"
      containIntrinsicBlockSize={placeholderOf(bodyH)}
      css={WAITING_SLOT_CSS}
      data-card-slot={name}
      data-near={near ? 'true' : 'false'}
      {...(inTabOrder
        ? {
            role: 'group',
            'aria-label': name,
            tabIndex: near ? -1 : 0,
            borderRadius: 'xl',
            _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
          }
        : {})}
      onFocus={(event) => {
        if (!own(event)) return;
        setFocused(true);
        bringNear();
        // Reached by Shift+Tab from after it: its card's controls come after the slot, so go to its last one.
        if (cameFromAfter(event.currentTarget, event.relatedTarget)) focusIntoWhenReady(event.currentTarget, 'last');
      }}
      onKeyDown={(event) => {
        // Tab while its card is still being built: wait for it and enter it (not jump past a card not there yet).
        if (
          event.target !== event.currentTarget ||
          event.key !== 'Tab' ||
          event.shiftKey ||
          cardReady(event.currentTarget)
        )
          return;
        event.preventDefault();
        focusIntoWhenReady(event.currentTarget, 'first');
      }}
      onBlur={(event) => {
        if (own(event)) setFocused(false);
      }}
    >
      <NearViewContext.Provider value={near}>{children}</NearViewContext.Provider>
    </Box>
  );
}

/** `children` once the enclosing SkipWhileOffscreen is near the screen, `fallback` until then. */
function WhenNear({ fallback, children }: { fallback: ReactNode; children: () => ReactNode }) {
  return useContext(NearViewContext) ? children() : fallback;
}

/**
 * The card skeleton of a waiting slot, seen but not read: the slot, a group named after the card, already says what
 * waits there, and the skeleton's region and heading of the same title would say it twice more. A column that passes
 * the slot's height on to the skeleton, as if it were the slot's child.
 */
function WaitingPlaceholder({ children }: { children: ReactNode }) {
  return (
    <Box aria-hidden="true" display="flex" flexDirection="column" css={{ '& > *': { flex: '1' } }}>
      {children}
    </Box>
  );
}

/**
 * A card slot (see SkipWhileOffscreen) whose skeleton and placeholder come from one body height: it shows the
 * card skeleton until it comes near the screen, then mounts `children`, which gets that skeleton to show while
 * the card loads or renders. Whatever its owner runs itself (a query above the slot) starts at once; what the
 * card loads itself starts when it mounts.
 */
export function SkippedCardSlot({
  title,
  bodyH,
  children,
}: {
  title: string;
  bodyH: CardBodyHeight;
  children(skeleton: ReactNode): ReactNode;
}) {
  const skeleton = <CardSkeleton title={title} bodyH={bodyH} />;
  return (
    <SkipWhileOffscreen bodyH={bodyH} name={title}>
      <WhenNear fallback={<WaitingPlaceholder>{skeleton}</WaitingPlaceholder>}>{() => children(skeleton)}</WhenNear>
    </SkipWhileOffscreen>
  );
}
