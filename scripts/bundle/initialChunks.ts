// The JavaScript a first visit downloads before the app runs: the module scripts and module preloads that
// dist/index.html names, plus whatever those files import statically (checked, so a chunk Vite forgot to
// preload still counts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';

/** One initial file, named relative to dist/ ('assets/index-abc.js'). */
export interface InitialChunk {
  file: string;
  /** False when only the static-import walk found it (index.html neither loads nor preloads it). */
  inIndexHtml: boolean;
}

const TAG = /<(script|link)\b[^>]*>/gi;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of an HTML page, in page order. */
export function initialScriptsOf(html: string): string[] {
  const files: string[] = [];
  for (const [tag, element = ''] of html.matchAll(TAG)) {
    const url =
      element.toLowerCase() === 'script'
        ? attribute(tag, 'type') === 'module'
          ? attribute(tag, 'src')
          : undefined
        : attribute(tag, 'rel') === 'modulepreload'
          ? attribute(tag, 'href')
          : undefined;
    if (url && !/^[a-z]+:\/\//i.test(url)) files.push(url.replace(/^\//, ''));
  }
  return files;
}

/** Relative specifiers a chunk imports statically (`import … from './x.js'`, `import './x.js'`). */
function staticImportsOf(source: string): string[] {
  const [imports] = parse(source);
  return imports.filter((entry) => entry.d === -1 && entry.n?.startsWith('.')).map((entry) => entry.n as string);
}

/** The initial chunks of `distDir`: index.html's scripts and preloads, then their static-import closure. */
export async function initialChunks(distDir: string): Promise<InitialChunk[]> {
  await init;
  const listed = initialScriptsOf(readFileSync(join(distDir, 'index.html'), 'utf8'));
  const chunks = new Map<string, InitialChunk>(listed.map((file) => [file, { file, inIndexHtml: true }]));
  const pending = [...listed];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const directory = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const specifier of staticImportsOf(readFileSync(join(distDir, file), 'utf8'))) {
      const imported = new URL(specifier, `file:///${directory}`).pathname.slice(1);
      if (chunks.has(imported)) continue;
      chunks.set(imported, { file: imported, inIndexHtml: false });
      pending.push(imported);
    }
  }
  return [...chunks.values()];
}
