import { ChakraProvider } from '@chakra-ui/react';
import { useContext, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme/system';
import { NearViewContext } from './nearView';
import { SkippedCardSlot, SkipWhileOffscreen } from './SkipWhileOffscreen';

const render = (node: ReactNode) => renderToString(<ChakraProvider value={system}>{node}</ChakraProvider>);

describe('SkipWhileOffscreen', () => {
  it('is skipped while off screen and measures the card skeleton of its body height until shown', () => {
    const markup = render(
      <SkipWhileOffscreen bodyH="20rem">
        <p>card</p>
      </SkipWhileOffscreen>,
    );
    expect(markup).toContain('content-visibility:auto');
    expect(markup).toContain('contain-intrinsic-block-size:auto calc(20rem + 5.75rem + 2px)');
    expect(markup).toContain('<p>card</p>');
  });

  it('takes a height per breakpoint', () => {
    const markup = render(
      <SkipWhileOffscreen bodyH={{ base: '38rem', lg: '28rem' }}>
        <p>card</p>
      </SkipWhileOffscreen>,
    );
    expect(markup).toContain('contain-intrinsic-block-size:auto calc(38rem + 5.75rem + 2px)');
    expect(markup).toMatch(/@media[^{]*\{[^}]*contain-intrinsic-block-size:auto calc\(28rem \+ 5\.75rem \+ 2px\)/);
  });

  it('is a column its card fills, so the cards of a grid row keep equal heights', () => {
    const markup = render(
      <SkipWhileOffscreen bodyH="20rem">
        <p>card</p>
      </SkipWhileOffscreen>,
    );
    expect(markup).toContain('display:flex');
    expect(markup).toContain('flex-direction:column');
    expect(markup).toMatch(/>\*\{[^}]*;flex:1;/);
  });
});

describe('SkippedCardSlot', () => {
  it('gives its children the skeleton of the same body height as its placeholder', () => {
    const markup = render(
      <SkippedCardSlot title="News" bodyH="24rem">
        {(skeleton) => skeleton}
      </SkippedCardSlot>,
    );
    expect(markup).toContain('contain-intrinsic-block-size:auto calc(24rem + 5.75rem + 2px)');
    expect(markup).toContain('aria-label="News"');
    expect(markup).toContain('height:24rem');
  });
});

describe('card slots near the screen', () => {
  const card = (
    <SkippedCardSlot title="Watchlists" bodyH="22rem">
      {() => <p>the card</p>}
    </SkippedCardSlot>
  );

  it('mount their card at once where nothing can tell whether they are near (no IntersectionObserver)', () => {
    expect(typeof IntersectionObserver).toBe('undefined');
    const markup = render(card);
    expect(markup).toContain('<p>the card</p>');
    expect(markup).toContain('data-near="true"');
    expect(markup).toContain('data-card-slot="Watchlists"');
    // Mounted: not a tab stop of its own, no name beside its card's.
    expect(markup).not.toContain('tabindex');
    expect(markup).not.toContain('role="group"');
  });

  it('show only the skeleton before they come near, as a named tab stop in document order', () => {
    // A browser with IntersectionObserver: on the first render nothing has been observed yet (no effect runs here,
    // so the class is only looked up, never constructed).
    const global = globalThis as { IntersectionObserver?: unknown };
    global.IntersectionObserver = class {};
    try {
      const markup = render(card);
      expect(markup).not.toContain('the card');
      expect(markup).toContain('data-near="false"');
      expect(markup).toMatch(/role="group"[^>]*aria-label="Watchlists"[^>]*tabindex="0"|tabindex="0"[^>]*role="group"/);
      expect(markup).toContain('aria-busy="true"');
      expect(markup).toContain('height:22rem');
      // The title is read once, as the slot's name: the skeleton inside (a region and a heading of the same title)
      // is hidden from assistive technology.
      const [slot = '', ...hidden] = markup.split('aria-hidden="true"');
      expect(hidden).toHaveLength(1);
      expect(slot.match(/Watchlists/g)).toEqual(['Watchlists', 'Watchlists']); // data-card-slot and aria-label
      expect(hidden[0]).toContain('aria-label="Watchlists"');
      expect(hidden[0]).toContain('>Watchlists</h2>');
    } finally {
      delete global.IntersectionObserver;
    }
  });

  it('hold their Deferred contents back until near (NearViewContext), and a Deferred outside any slot is near', () => {
    const global = globalThis as { IntersectionObserver?: unknown };
    global.IntersectionObserver = class {};
    try {
      const markup = render(
        <SkipWhileOffscreen bodyH="14rem">
          <NearViewProbe />
        </SkipWhileOffscreen>,
      );
      expect(markup).toContain('near:false');
      // Without a name the block is no tab stop (its contents are mounted; only what waits on NearViewContext waits).
      expect(markup).not.toContain('tabindex');
    } finally {
      delete global.IntersectionObserver;
    }
    expect(render(<NearViewProbe />)).toContain('near:true');
  });
});

function NearViewProbe() {
  return <p>{`near:${String(useContext(NearViewContext))}`}</p>;
}
