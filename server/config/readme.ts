import { ENV_VARIABLES, type EnvVariable } from './variables';

/** The README's configuration table sits between these lines; `npm run docs:config` rewrites it. */
export const TABLE_START = '<!-- config:start (generated from server/config/variables.ts: npm run docs:config) -->';
export const TABLE_END = '<!-- config:end -->';

const SECRET_NOTE = 'Secret: never logged or sent to the browser.';
const READ_BY_NOTE: Record<EnvVariable['readBy'], string> = {
  server: '',
  build: 'Build-time: ',
  tests: 'Tests only: ',
};

function row(variable: EnvVariable): string[] {
  const defaultCell = variable.default !== undefined ? `\`${variable.default}\`` : (variable.documentedDefault ?? '–');
  const description = `${READ_BY_NOTE[variable.readBy]}${variable.description}${variable.secret ? ` ${SECRET_NOTE}` : ''}`;
  return [`\`${variable.name}\``, defaultCell, description].map((cell) => cell.replaceAll('|', '\\|'));
}

/** A markdown table with padded columns, as Prettier prints it (so `prettier --check` accepts it unchanged). */
function alignedTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(3, cell.length, ...rows.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The configuration table of the README, from VARIABLES. */
export function renderConfigTable(variables: readonly EnvVariable[] = ENV_VARIABLES): string {
  return alignedTable(['Variable', 'Default', 'Description'], variables.map(row));
}

/** The text between the markers (blank lines trimmed), or null when README has no such section. */
export function readConfigTable(readme: string): string | null {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END, start);
  if (start < 0 || end < 0) return null;
  return readme.slice(start + TABLE_START.length, end).trim();
}

/** README with the text between the markers replaced by `table`. */
export function writeConfigTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END, start);
  if (start < 0 || end < 0) throw new Error(`README.md has no "${TABLE_START}" … "${TABLE_END}" section`);
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${readme.slice(end)}`;
}
