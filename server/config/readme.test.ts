import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { readConfigTable, renderConfigTable, TABLE_END, TABLE_START, writeConfigTable } from './readme';

const readmePath = fileURLToPath(new URL('../../README.md', import.meta.url));

describe("README's configuration table", () => {
  it('is the table rendered from server/config/variables.ts (after a change there: npm run docs:config)', () => {
    const section = readConfigTable(readFileSync(readmePath, 'utf8'));
    expect(section, `README.md has no ${TABLE_START} … ${TABLE_END} section`).not.toBeNull();
    expect(section, 'README.md disagrees with server/config/variables.ts: run npm run docs:config').toBe(
      renderConfigTable(),
    );
  });

  it('is rendered as Prettier prints it, so `prettier --check` accepts the rewritten README', async () => {
    const table = `${renderConfigTable()}\n`;
    const options = await resolveConfig(readmePath);
    expect(await format(table, { ...options, filepath: readmePath })).toBe(table);
  });

  it('is rewritten between the markers only, and read back as written', () => {
    const readme = `# Title\n\n${TABLE_START}\n\n| old |\n\n${TABLE_END}\n\n## Next\n`;
    const table = renderConfigTable();
    const rewritten = writeConfigTable(readme, table);
    expect(rewritten).toBe(`# Title\n\n${TABLE_START}\n\n${table}\n\n${TABLE_END}\n\n## Next\n`);
    expect(readConfigTable(rewritten)).toBe(table);
    expect(readConfigTable(readme)).not.toBe(table);
    expect(() => writeConfigTable('# no markers\n', table)).toThrow(/no .* section/);
  });
});
