// The browser build's createSystem in steps (scripts/vite/chakraSystemSteps.ts) applied to this Chakra's own code:
// every piece it rewrites is still there, and the stepped system is the same as the one Chakra creates in one go.
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSystem, defaultConfig, type SystemContext } from '@chakra-ui/react';
import { build, type Plugin as RolldownPlugin } from 'rolldown';
import { chakraSystemInSteps, systemStepsOfOneBuild, withSystemSteps } from '../../scripts/vite/chakraSystemSteps';

const root = new URL('../..', import.meta.url).pathname;
const chakraEsm = join(root, 'node_modules/@chakra-ui/react/dist/esm');
const MODULES = ['styled-system/system.js', 'styled-system/token-dictionary.js'];

type Steps = (...configs: unknown[]) => Generator<void, SystemContext>;

/** Chakra's styled-system and utils in a temporary directory, with the two modules as the browser build has them. */
function patchedChakra(dir: string): string {
  const esm = join(dir, 'esm');
  cpSync(join(chakraEsm, 'styled-system'), join(esm, 'styled-system'), { recursive: true });
  cpSync(join(chakraEsm, 'utils'), join(esm, 'utils'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const module of MODULES) {
    const id = join(chakraEsm, module);
    const patched = withSystemSteps(readFileSync(id, 'utf8'), id);
    if (patched === null) throw new Error(`${module} was not rewritten`);
    writeFileSync(join(esm, module), patched);
  }
  return join(esm, 'styled-system/system.js');
}

/** What the app reads from a system, as plain data. */
function snapshot(system: SystemContext) {
  const { tokens } = system;
  return {
    allTokens: tokens.allTokens.map((token) => [token.name, token.value, token.extensions.condition]),
    flatMap: [...tokens.flatMap],
    cssVarMap: [...tokens.cssVarMap].map(([condition, vars]) => [condition, [...vars]]),
    colorPaletteMap: [...tokens.colorPaletteMap].map(([palette, vars]) => [palette, [...vars]]),
    properties: [...system.properties].sort(),
    tokenCss: system.getTokenCss(),
    globalCss: system.getGlobalCss(),
    css: system.css({
      bg: 'bg.panel',
      color: 'colorPalette.fg',
      px: { base: '4', md: '8' },
      _hover: { bg: 'red.500/40' },
    }),
    token: [system.token('colors.gray.500'), system.token.var('spacing.4'), system.token('sizes.7xl')],
    button: system.getRecipeFn('button')({ size: 'sm', variant: 'outline' }),
  };
}

describe('createSystem in steps (browser build)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chakra-steps-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites nothing else', () => {
    expect(withSystemSteps('export {}', join(chakraEsm, 'styled-system/css.js'))).toBeNull();
  });

  it('fails when a piece it rewrites is gone', () => {
    expect(() => withSystemSteps('export {}', join(chakraEsm, 'styled-system/system.js'))).toThrow(/no longer has/);
  });

  it('names the modules it rewrites that a build never gave it', () => {
    const one = systemStepsOfOneBuild();
    expect(one.unseen()).toHaveLength(2);
    const system = join(chakraEsm, 'styled-system/system.js');
    expect(one.rewrite(readFileSync(system, 'utf8'), system)).not.toBeNull();
    expect(one.rewrite('export {}', join(chakraEsm, 'styled-system/css.js'))).toBeNull();
    expect(one.unseen()).toEqual([expect.stringContaining('token-dictionary')]);
    const dictionary = join(chakraEsm, 'styled-system/token-dictionary.js');
    one.rewrite(readFileSync(dictionary, 'utf8'), dictionary);
    expect(one.unseen()).toEqual([]);
  });

  it('fails a build that never loads a module it rewrites, passes one that loads both', async () => {
    const entry = join(dir, 'entry.js');
    const bundle = (code: string) => {
      writeFileSync(entry, code);
      // The plugin is written for Vite, whose plugins rolldown runs (transform, buildStart, buildEnd).
      const plugin = chakraSystemInSteps() as unknown as RolldownPlugin;
      return build({ input: entry, cwd: root, write: false, logLevel: 'silent', plugins: [plugin] });
    };
    await expect(bundle('export const a = 1;\n')).rejects.toThrow(/no module of the build matched/);
    const system = join(chakraEsm, 'styled-system/system.js');
    const { output } = await bundle(`export { createSystem } from ${JSON.stringify(system)};\n`);
    expect(output[0].code).toContain('createSystemSteps');
  });

  it('creates the same system as Chakra, in several steps', async () => {
    const patched = (await import(pathToFileURL(patchedChakra(dir)).href)) as {
      createSystem: typeof createSystem & { steps?: Steps };
    };
    const steps = patched.createSystem.steps;
    expect(steps).toBeTypeOf('function');
    if (!steps) return;
    const generator = steps(defaultConfig);
    let step = generator.next();
    let pauses = 0;
    while (!step.done) {
      pauses += 1;
      step = generator.next();
    }
    expect(pauses).toBeGreaterThanOrEqual(8);
    const expected = snapshot(createSystem(defaultConfig));
    expect(snapshot(step.value)).toEqual(expected);
    // createSystem itself (run to the end at once) is unchanged too.
    expect(snapshot(patched.createSystem(defaultConfig))).toEqual(expected);
  });
});
