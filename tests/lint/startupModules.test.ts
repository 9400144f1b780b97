// vite.config.ts's split of the shared code (scripts/vite/startupModules.ts) on real rolldown builds: which modules
// run at start, name by name through a barrel, and the check that a chunk running at start imports no rest chunk.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin as RolldownPlugin } from 'rolldown';
import { startupModules } from '../../scripts/vite/startupModules';

describe('startup modules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'startup-modules-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  // A component library with one barrel (like @chakra-ui/react's index), marked free of side effects.
  write('node_modules/lib/package.json', JSON.stringify({ name: 'lib', sideEffects: false, main: 'index.js' }));
  write(
    'node_modules/lib/index.js',
    'export { button } from "./button.js";\nexport * from "./dialog.js";\nimport * as tabs from "./tabs.js";\n' +
      'export { tabs as Tabs };\n',
  );
  write('node_modules/lib/button.js', 'export const button = (label) => `[${label}]`;\n');
  write(
    'node_modules/lib/dialog.js',
    'import { button } from "./button.js";\nexport const dialog = () => button("ok");\n',
  );
  write('node_modules/lib/tabs.js', 'export const root = () => "tabs";\n');
  // The start (the entry), a page it is opened on and two other pages, both loaded as the router's route chunks do.
  write(
    'src/entry.js',
    'for (const page of [import("./landing.js?tsr-split=component"), import("./other.js?tsr-split=component"), import("./third.js?tsr-split=component")]) {\n' +
      '  page.then((module) => console.log(module.default()));\n}\n',
  );
  // The landing page loads a card later (as the Dashboard's cards mount on scroll).
  write(
    'src/landing.js',
    'import { button, Tabs } from "lib";\nimport("./card.js").then((card) => console.log(card.default()));\n' +
      'export default () => button("landing") + Tabs.root();\n',
  );
  write('src/third.js', 'import { dialog } from "lib";\nexport default () => dialog();\n');
  write('src/other.js', 'import { button, dialog } from "lib";\nexport default () => button("other") + dialog();\n');
  write('src/card.js', 'import { Tabs } from "lib";\nexport default () => Tabs.root();\n');
  /** Route chunks carry a query, as @tanstack/router-plugin's splits do. */
  const routeSplits: RolldownPlugin = {
    name: 'route-splits',
    resolveId(source, importer) {
      if (source.includes('?tsr-split=') && importer) return join(importer, '..', source);
      return undefined;
    },
    load(id) {
      return id.includes('?tsr-split=') ? readFileSync(id.replace(/\?.*$/, ''), 'utf8') : undefined;
    },
  };
  const bundle = async (sharedTest: (id: string, startup: (id: string) => boolean) => boolean) => {
    const startup = startupModules((id) => /landing\.js\?tsr-split=/.test(id), ['shared-rest']);
    const shared = (id: string) => /node_modules/.test(id);
    const { output } = await build({
      input: join(dir, 'src/entry.js'),
      cwd: dir,
      write: false,
      logLevel: 'silent',
      plugins: [routeSplits, startup.plugin as unknown as RolldownPlugin],
      output: {
        codeSplitting: {
          groups: [
            { name: 'shared', minShareCount: 2, test: (id) => shared(id) && sharedTest(id, startup.has) },
            { name: 'shared-rest', minShareCount: 2, test: shared },
          ],
        },
      },
    });
    return { startup, output };
  };

  it('counts what the start and its pages use, through the barrel name by name, not what other pages use', async () => {
    const { startup } = await bundle((id, atStart) => atStart(id));
    const lib = (file: string) => join(dir, 'node_modules/lib', file);
    expect(startup.has(join(dir, 'src/entry.js'))).toBe(true);
    expect(startup.has(join(dir, 'src/landing.js?tsr-split=component'))).toBe(true);
    expect(startup.has(join(dir, 'src/card.js'))).toBe(true);
    expect(startup.has(lib('button.js'))).toBe(true);
    expect(startup.has(lib('tabs.js'))).toBe(true); // exported again as a namespace: `Tabs.root()`
    expect(startup.has(lib('dialog.js'))).toBe(false); // only the other page uses it (through `export *`)
    expect(startup.has(lib('index.js'))).toBe(false); // the barrel has no code of its own
    expect(startup.has(join(dir, 'src/other.js?tsr-split=component'))).toBe(false);
  });

  it('puts what the landing page uses in shared and the rest apart, which the landing page never loads', async () => {
    const { output } = await bundle((id, atStart) => atStart(id));
    const chunk = (name: string) => output.find((item) => item.type === 'chunk' && item.name === name);
    const landing = output.find((item) => item.type === 'chunk' && /landing/.test(item.fileName));
    const rest = chunk('shared-rest');
    expect(rest?.type === 'chunk' && rest.moduleIds.some((id) => id.endsWith('dialog.js'))).toBe(true);
    expect(landing?.type === 'chunk' && landing.imports).not.toContain(rest?.fileName);
  });

  it('fails the build when a chunk that runs at start imports the rest chunk', async () => {
    // A wrong group: the button, which the landing page uses, left to the rest chunk.
    await expect(bundle((id, atStart) => atStart(id) && !id.endsWith('button.js'))).rejects.toThrow(
      /startup-modules: .* runs at start and imports shared-rest-/,
    );
  });
});
