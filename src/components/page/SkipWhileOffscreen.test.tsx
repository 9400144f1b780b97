import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme/system';
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
