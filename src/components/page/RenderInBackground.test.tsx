import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderInBackground } from './RenderInBackground';

describe('RenderInBackground', () => {
  it('shows the fallback in the render that mounts it (the children come in a later, deferred render)', () => {
    const markup = renderToString(
      <RenderInBackground fallback={<p>waiting</p>}>
        <p>screen</p>
      </RenderInBackground>,
    );
    expect(markup).toBe('<p>waiting</p>');
  });

  it('shows nothing by default before the children', () => {
    expect(
      renderToString(
        <RenderInBackground>
          <p>screen</p>
        </RenderInBackground>,
      ),
    ).toBe('');
  });
});
