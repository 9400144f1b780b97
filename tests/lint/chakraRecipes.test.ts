// The Chakra system (src/theme/system.ts) ships only the recipes the app's components use (src/theme/recipes.ts).
// A component whose recipe is missing renders unstyled without any error, so this test reads which recipe keys
// the components imported anywhere in src/ look up (walking Chakra's own modules) and compares them with the
// system's recipes.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { init, parse } from 'es-module-lexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { system } from '../../src/theme/system';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const CHAKRA = join(SRC, '../node_modules/@chakra-ui/react/dist/esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Names the app imports from '@chakra-ui/react' (type-only names included; they match no module). */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const [, list = ''] of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g,
    )) {
      for (const item of list.split(',')) {
        const name = item
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's entry: exported name → the module it comes from (named re-exports and namespace exports). */
function chakraExports(): Map<string, string> {
  const index = readFileSync(join(CHAKRA, 'index.js'), 'utf8');
  const modules = new Map<string, string>();
  for (const [, list = '', from = ''] of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
    for (const item of list.split(','))
      modules.set(
        item
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
        join(CHAKRA, from),
      );
  }
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)].map(([, local = '', from = '']) => [local, from]),
  );
  for (const [, local = '', name = ''] of index.matchAll(/export\s*\{\s*(\S+) as (\w+)\s*\}/g)) {
    const from = namespaces.get(local);
    if (from) modules.set(name, join(CHAKRA, from));
  }
  return modules;
}

const RECIPE_KEY =
  /\b(?:useRecipe|useSlotRecipe|createRecipeContext|createSlotRecipeContext)\(\s*\{\s*key:\s*"([\w-]+)"/g;

/** Recipe keys looked up by `modules` and every Chakra module they import. */
function recipeKeysOf(modules: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const pending = [...modules];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, key = ''] of source.matchAll(RECIPE_KEY)) keys.add(key);
    for (const { n } of parse(source)[0]) if (n?.startsWith('.')) pending.push(join(dirname(file), n));
  }
  return keys;
}

describe('the Chakra system', () => {
  let used: Set<string>;
  beforeAll(async () => {
    await init;
    const exports = chakraExports();
    const modules = [...importedChakraNames()].flatMap((name) => exports.get(name) ?? []);
    // Keys Chakra has no default recipe for (Text looks up 'text') need none.
    const defaults = new Set([...Object.keys(chakraRecipes), ...Object.keys(chakraSlotRecipes)]);
    used = new Set([...recipeKeysOf(modules)].filter((key) => defaults.has(key)));
  });

  it('finds the components the app imports (the scan works)', () => {
    expect(used).toContain('button');
    expect(used).toContain('dialog');
  });

  it('has a recipe for every recipe key the app’s Chakra components look up', () => {
    const missing = [...used].filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key));
    expect(missing).toEqual([]);
  });

  it('ships no recipe that no component looks up (add or drop them in src/theme/recipes.ts)', () => {
    const shipped = [
      ...Object.keys(system._config.theme?.recipes ?? {}),
      ...Object.keys(system._config.theme?.slotRecipes ?? {}),
    ];
    expect(shipped.filter((key) => !used.has(key)).sort()).toEqual([]);
  });
});
