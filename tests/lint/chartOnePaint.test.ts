// The browser build's rewrites of the charting library (scripts/vite/chartOnePaint.ts) against the installed code:
// each piece is still there, once, and the rewritten modules still parse. What they change in a browser (one paint
// per full redraw) is tested on the production build by tests/e2e/chartLive.test.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { CHART_ONE_PAINT } from '../../scripts/vite/chartOnePaint';
import { rewriteModule, rewritesOfOneBuild } from '../../scripts/vite/codeRewrites';

const require = createRequire(import.meta.url);
const chartsPackage = require.resolve('lightweight-charts/package.json');
// The copy of fancy-canvas that lightweight-charts itself imports (resolved from its folder, hoisted or nested).
const fancyCanvas = dirname(createRequire(chartsPackage).resolve('fancy-canvas'));
const MODULES = [
  join(dirname(chartsPackage), 'dist', 'lightweight-charts.production.mjs'),
  join(fancyCanvas, 'canvas-element-bitmap-size.mjs'),
];

describe('one paint per full redraw of a chart (browser build)', () => {
  it('finds each piece it rewrites once in the installed library, and leaves code that parses', () => {
    const build = rewritesOfOneBuild('chart-one-paint', CHART_ONE_PAINT);
    for (const id of MODULES) {
      const code = readFileSync(id, 'utf8');
      for (const [module, from] of CHART_ONE_PAINT) {
        if (module.test(id)) expect(code.split(from)).toHaveLength(2);
      }
      const rewritten = build.rewrite(code, id);
      expect(rewritten).not.toBeNull();
      expect(rewritten).not.toEqual(code);
      expect(() => parseAst(rewritten!, { sourceType: 'module' }, id)).not.toThrow();
    }
    expect(build.unseen()).toEqual([]);
  });

  it('rewrites nothing else, and fails on a version without a piece', () => {
    expect(
      rewriteModule('chart-one-paint', CHART_ONE_PAINT, 'export {}', join(dirname(chartsPackage), 'dist', 'index.mjs')),
    ).toBeNull();
    expect(() => rewriteModule('chart-one-paint', CHART_ONE_PAINT, 'export {}', MODULES[0]!)).toThrow(
      /chart-one-paint: .* no longer has/,
    );
  });
});
