import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SkipWhileOffscreen } from './SkipWhileOffscreen';

describe('SkipWhileOffscreen', () => {
  it('wraps its children in a block skipped while off screen, sized by the placeholder height until shown', () => {
    const markup = renderToString(
      <SkipWhileOffscreen height="20rem">
        <p>card</p>
      </SkipWhileOffscreen>,
    );
    expect(markup).toBe(
      '<div style="content-visibility:auto;contain-intrinsic-block-size:auto 20rem"><p>card</p></div>',
    );
  });
});
