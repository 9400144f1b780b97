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
