// `npm run docs:config`: rewrites README.md's configuration table from server/config/variables.ts
// (server/config/readme.test.ts fails while the two disagree).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderConfigTable, writeConfigTable } from '../server/config/readme';

const readmePath = new URL('../README.md', import.meta.url);
const readme = readFileSync(readmePath, 'utf8');
const updated = writeConfigTable(readme, renderConfigTable());
if (updated === readme) {
  console.log('README.md: configuration table already up to date');
} else {
  writeFileSync(readmePath, updated);
  console.log('README.md: configuration table rewritten');
}
