// `npm run perf:bundle`: the initial JavaScript of the production build against its budget (spec: "fast on the
// phone it was built for"). Initial = the module scripts and module preloads of dist/index.html plus their static
// imports, each gzipped at level 9 (what a server compressing on the fly at its best setting, or a build that
// pre-compresses, sends), summed. Prints a table, the owners of those bytes (from the source maps) and exits 1
// over the budget. Options: --budget=<KiB> (170), --dist=<dir> (dist), --top=<n> owners listed (20).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { initialChunks } from './bundle/initialChunks';
import { bytesByOwner } from './bundle/sourceAttribution';

const GZIP_LEVEL = 9;
const KIB = 1024;

function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

const budgetKib = Number(option('budget', '170'));
const distDir = resolve(option('dist', 'dist'));
const top = Number(option('top', '20'));

if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`${distDir}/index.html not found: run \`npm run build\` first.`);
  process.exit(2);
}

const kib = (bytes: number) => (bytes / KIB).toFixed(1).padStart(8);
const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;

interface Measured {
  file: string;
  note: string;
  raw: number;
  gzip: number;
  owners: Map<string, number>;
}

const measured: Measured[] = (await initialChunks(distDir)).map(({ file, inIndexHtml }) => {
  const source = readFileSync(join(distDir, file));
  return {
    file,
    note: inIndexHtml ? '' : ' (imported, not preloaded)',
    raw: source.length,
    gzip: gzipSync(source, { level: GZIP_LEVEL }).length,
    owners: bytesByOwner(join(distDir, file), source.toString('utf8')),
  };
});
measured.sort((a, b) => b.gzip - a.gzip);

const width = Math.max(...measured.map((chunk) => chunk.file.length + chunk.note.length), 20);
console.log(`Initial JavaScript of ${join(distDir, 'index.html')} (gzip level ${GZIP_LEVEL})\n`);
console.log(`${'file'.padEnd(width)}  raw KiB  gzip KiB  largest sources`);
for (const chunk of measured) {
  const owners = [...chunk.owners].sort((a, b) => b[1] - a[1]).slice(0, 3);
  const largest = owners.map(([owner, bytes]) => `${owner} ${percent(bytes, chunk.raw)}`).join(', ');
  console.log(`${(chunk.file + chunk.note).padEnd(width)} ${kib(chunk.raw)}  ${kib(chunk.gzip)}  ${largest}`);
}
const totalRaw = measured.reduce((sum, chunk) => sum + chunk.raw, 0);
const totalGzip = measured.reduce((sum, chunk) => sum + chunk.gzip, 0);
console.log(`${`total (${measured.length} files)`.padEnd(width)} ${kib(totalRaw)}  ${kib(totalGzip)}`);

// A package's gzip share is estimated as its raw bytes times its chunk's compression ratio.
const byOwner = new Map<string, { raw: number; gzip: number }>();
for (const chunk of measured) {
  for (const [owner, bytes] of chunk.owners) {
    const entry = byOwner.get(owner) ?? { raw: 0, gzip: 0 };
    entry.raw += bytes;
    entry.gzip += (bytes * chunk.gzip) / chunk.raw;
    byOwner.set(owner, entry);
  }
}
const owners = [...byOwner].sort((a, b) => b[1].gzip - a[1].gzip);
const ownerWidth = Math.max(...owners.slice(0, top).map(([owner]) => owner.length), 20);
console.log(`\nLargest sources of the initial JavaScript (source maps; gzip ≈ raw × the chunk's ratio)\n`);
console.log(`${'package or folder'.padEnd(ownerWidth)}  raw KiB  gzip KiB`);
for (const [owner, size] of owners.slice(0, top)) {
  console.log(`${owner.padEnd(ownerWidth)} ${kib(size.raw)}  ${kib(size.gzip)}`);
}
if (owners.length > top) console.log(`… and ${owners.length - top} more`);

const over = totalGzip - budgetKib * KIB;
console.log(
  `\nBudget ${budgetKib} KiB gzipped: ${(totalGzip / KIB).toFixed(1)} KiB, ` +
    (over > 0 ? `OVER by ${(over / KIB).toFixed(1)} KiB` : `${(-over / KIB).toFixed(1)} KiB to spare`),
);
process.exit(over > 0 ? 1 : 0);
