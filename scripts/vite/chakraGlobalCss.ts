// Chakra's global CSS (cascade layer order, preflight reset, global styles and every token's CSS variable) as
// text, written into index.html at build time. Chakra would otherwise build this object when the system is
// created (createSystem: some 50 KB of CSS through its css() function, about half of the system's creation) and
// serialise it with emotion and stylis in the first commit, both on every page load and inside the longest tasks
// of a first load on a phone; the browser parses the same text natively instead. In the browser build the
// system's `_global` is empty, so Chakra's provider inserts none of it again.
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { SystemContext } from '@chakra-ui/react';
import type { Plugin } from 'vite';

/** What emotion's <Global> would insert for the system's layers statement and its `_global` styles. */
export function chakraGlobalCss(system: SystemContext): string {
  const cache = createCache({ key: 'css' });
  return [system.layers.atRule, system._global]
    .map((styles) => {
      const rules = cache.insert('', serializeStyles([styles], cache.registered), cache.sheet, false);
      if (typeof rules !== 'string') throw new Error('emotion returned no CSS text (not its server build?)');
      return rules;
    })
    .join('');
}

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const EMPTY = 'const _global = []; // in index.html (scripts/vite/chakraGlobalCss.ts)';

/**
 * `<style id="chakra-global-css">` in index.html's head, from `system` (the app's, created in Node), and Chakra's
 * createSystem (3.37.0's `styled-system/system.js`) in the browser build with an empty `_global`. The build fails
 * if that module no longer has the line this rewrites (a new Chakra version: look again).
 */
export function chakraGlobalStyles(system: SystemContext): Plugin {
  return {
    name: 'chakra-global-css',
    // The build only: the dev server pre-bundles Chakra (the rewrite would not reach it), so Chakra inserts its own.
    apply: 'build',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(EAGER)) {
        this.error(
          `chakra-global-css: ${id} no longer builds _global as expected; update scripts/vite/chakraGlobalCss.ts`,
        );
      }
      return { code: code.replace(EAGER, EMPTY), map: null };
    },
    transformIndexHtml: () => [
      { tag: 'style', attrs: { id: 'chakra-global-css' }, children: chakraGlobalCss(system), injectTo: 'head' },
    ],
  };
}
