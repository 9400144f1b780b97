// scripts/vite/compileHints.ts on a real, minified rolldown build.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin as RolldownPlugin } from 'rolldown';
import { ALL_FUNCTIONS_CALLED_ON_LOAD, compileHints } from '../../scripts/vite/compileHints';

describe('compile hints', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the magic comment on the hinted chunks only, minified, and changes their names', async () => {
    writeFileSync(join(dir, 'entry.js'), 'export function start() { return import("./lazy.js"); }\n');
    writeFileSync(join(dir, 'lazy.js'), 'export function later() { return 42; }\n');
    const bundle = async (plugins: RolldownPlugin[]) => {
      const { output } = await build({
        input: join(dir, 'entry.js'),
        cwd: dir,
        write: false,
        logLevel: 'silent',
        plugins,
        output: { minify: true, entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js' },
      });
      return output.filter((file) => file.type === 'chunk');
    };
    const hinted = await bundle([compileHints((chunk) => chunk.isEntry) as unknown as RolldownPlugin]);
    const entry = hinted.find((chunk) => chunk.isEntry);
    const lazy = hinted.find((chunk) => !chunk.isEntry);
    expect(entry?.code.startsWith(`${ALL_FUNCTIONS_CALLED_ON_LOAD}\n`)).toBe(true);
    expect(lazy?.code).not.toContain(ALL_FUNCTIONS_CALLED_ON_LOAD);
    const plain = await bundle([compileHints(() => false) as unknown as RolldownPlugin]);
    expect(plain.find((chunk) => chunk.isEntry)?.code).not.toContain(ALL_FUNCTIONS_CALLED_ON_LOAD);
    expect(plain.find((chunk) => chunk.isEntry)?.fileName).not.toBe(entry?.fileName);
  });
});

describe('compile hints check', () => {
  it('fails the build when a hinted chunk, as written, does not start with the hint', () => {
    const plugin = compileHints((chunk) => chunk.name === 'hinted');
    const writeBundle = plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    const chunk = (code: string) => ({
      type: 'chunk',
      name: 'hinted',
      isEntry: true,
      moduleIds: [],
      fileName: 'a.js',
      code,
    });
    expect(() =>
      writeBundle.call(context, {}, { 'a.js': chunk(`${ALL_FUNCTIONS_CALLED_ON_LOAD}\nlet a=1;`) }),
    ).not.toThrow();
    expect(() =>
      writeBundle.call(
        context,
        {},
        { 'a.js': chunk(`const __vite__mapDeps=()=>[];\n${ALL_FUNCTIONS_CALLED_ON_LOAD}\n`) },
      ),
    ).toThrow(/a\.js: its compile hint is not its first line/);
  });
});
