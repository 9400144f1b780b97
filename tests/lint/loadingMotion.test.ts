// The static shell's spinner (public/loading.css, before any script) waits as long as the app's loading
// indicators before it appears and turns: LOADING_MOTION_DELAY_MS (src/theme/loadingMotion.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recipes } from '../../src/theme/recipes';
import { LOADING_MOTION_DELAY, LOADING_MOTION_DELAY_MS } from '../../src/theme/loadingMotion';

const css = readFileSync(new URL('../../public/loading.css', import.meta.url), 'utf8');

/** The animations of the rule of `selector` alone, as `name duration … delay …` strings (comments left out). */
function animationsOf(text: string, selector: string): string[] {
  const uncommented = text.replace(/\/\*[\s\S]*?\*\//g, '');
  // The rule of that selector alone (at the start of its line), not of a longer selector ending with it.
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|\\n)\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(uncommented);
  const declaration = /animation:\s*([^;]+);/.exec(rule?.[1] ?? '');
  return (declaration?.[1] ?? '').split(',').map((item) => item.trim().replace(/\s+/g, ' '));
}

describe('loading motion', () => {
  it("delays the static shell's spinner (appearing and turning) by LOADING_MOTION_DELAY_MS", () => {
    const animations = animationsOf(css, '.initial-loading__spinner');
    expect(animations.map((item) => item.split(' ')[0])).toEqual(['initial-loading-appear', 'initial-loading-spin']);
    for (const animation of animations) {
      // The second time in an animation shorthand is its delay.
      const times = [...animation.matchAll(/\b(\d*\.?\d+)(ms|s)\b/g)].map(([, n, unit]) =>
        unit === 's' ? Number(n) * 1000 : Number(n),
      );
      expect(times[1], animation).toBe(LOADING_MOTION_DELAY_MS);
    }
  });

  it('shows the spinner after the same wait, without turning, under prefers-reduced-motion', () => {
    const reduced = css.slice(css.indexOf('prefers-reduced-motion'));
    expect(animationsOf(reduced, '.initial-loading__spinner')).toEqual([
      `initial-loading-appear 0s ${LOADING_MOTION_DELAY_MS}ms both`,
    ]);
  });

  it("starts the skeleton's pulse after LOADING_MOTION_DELAY", () => {
    expect(recipes.skeleton.variants?.variant?.pulse).toMatchObject({
      animation: 'pulse',
      animationDelay: LOADING_MOTION_DELAY,
    });
  });
});
