// vite.config.ts's chunk-group helpers (scripts/vite/lazyGroups.ts) on this install and on real rolldown builds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin as RolldownPlugin } from 'rolldown';
import { dependencyClosure, inPackages, keptApart } from '../../scripts/vite/lazyGroups';

const nodeModules = new URL('../../node_modules', import.meta.url).pathname;

describe('chunk-group helpers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-groups-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("collects react-markdown's packages, not the app's others", () => {
    const names = dependencyClosure('react-markdown', nodeModules);
    expect(names).toContain('react-markdown');
    expect(names).toContain('micromark');
    expect(names).toContain('mdast-util-to-hast');
    expect(names).not.toContain('react');
    expect(names).not.toContain('@chakra-ui/react');
    const test = inPackages(names);
    expect(test(join(nodeModules, 'micromark/lib/parse.js'))).toBe(true);
    expect(test(join(nodeModules, 'some-lib/node_modules/micromark/index.js'))).toBe(true);
    expect(test(join(nodeModules, '@chakra-ui/react/dist/esm/index.js'))).toBe(false);
    expect(test('/app/src/features/chat/micromark/x.ts')).toBe(false);
  });

  it('fails a build whose entry imports the kept-apart chunk statically, passes a lazy one', async () => {
    writeFileSync(join(dir, 'apart.js'), 'export const heavy = () => "heavy";\n');
    const bundle = async (entry: string) => {
      writeFileSync(join(dir, 'entry.js'), entry);
      const plugin = keptApart(['apart'], ['shared']) as unknown as RolldownPlugin;
      return build({
        input: join(dir, 'entry.js'),
        cwd: dir,
        write: false,
        logLevel: 'silent',
        plugins: [plugin],
        output: { codeSplitting: { groups: [{ name: 'apart', test: /apart\.js$/ }] } },
      });
    };
    await expect(bundle('import { heavy } from "./apart.js";\nconsole.log(heavy());\n')).rejects.toThrow(
      /kept-apart: .* imports apart-/,
    );
    const { output } = await bundle('import("./apart.js").then((m) => console.log(m.heavy()));\n');
    expect(output.map((chunk) => chunk.fileName).some((name) => name.startsWith('apart-'))).toBe(true);
  });
});
