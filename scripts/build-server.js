// The server compiled to plain JavaScript: server/main.ts with everything it imports (server/, src/domain and
// the packages, except EXTERNAL) bundled by esbuild into build/server/main.js (+ source map, for tools; run
// with NODE_OPTIONS=--enable-source-maps for source-mapped stacks). `npm run build` runs it after the PWA;
// `npm start` runs it when the bundle is older than its sources. Bundling (not tsc): the sources import
// without file extensions (moduleResolution "Bundler"), which Node cannot load as emitted, and a few files
// with the packages in them start faster than hundreds of modules resolved and read one by one. main.js holds
// what opens the database and the market; the app (most of the code) is a chunk main.ts imports once both have
// started, so that it is read, compiled and evaluated while PGlite's WebAssembly compiles.
//
// Files read at run time keep being read from the repository: each module's `import.meta.url` is rewritten
// to its source file's URL (relative to the bundle), so `new URL('./migrations', import.meta.url)` in
// server/db/client.ts still finds server/db/migrations, server/graphql/schema.ts finds schema/, and
// server/version.ts finds package.json. Worker threads: each server/**/<name>.worker.ts is bundled on its own
// as build/server/<name>.worker.js, and `new URL('./<name>.worker.ts', import.meta.url)` points there.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverEntry = join(root, 'build/server/main.js');
const outDir = dirname(serverEntry);
/** What the bundle is made from: a newer file here makes it stale. */
const sources = ['server', 'src/domain', 'scripts/build-server.js', 'package-lock.json', 'tsconfig.base.json'];
/**
 * Packages left as imports of node_modules: PGlite finds its WebAssembly and data files next to its own
 * modules, pino starts its transports (pino-pretty) as workers by file name, pg-native is optional, pdfkit loads its
 * standard fonts' metrics through its package's `#standard-fonts/*` imports (reports' PDFs).
 */
const EXTERNAL = ['@electric-sql/pglite', 'pino', 'pino-pretty', 'thread-stream', 'pg-native', 'pdfkit'];

/** @param {string} path @returns {number} newest modification time below path */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const CHUNK_IMPORT = /(?:from|import\()\s*["']\.\/(chunk-[\w-]+\.js)["']/g;

/**
 * @param {string[]} entries paths of built entries (main.js, *.worker.js)
 * @returns {Set<string>} the names of the chunks they import, statically or on first use, directly or not
 */
function chunksReachedFrom(entries) {
  const reached = new Set();
  const pending = [...entries];
  while (pending.length > 0) {
    const path = /** @type {string} */ (pending.pop());
    if (!existsSync(path)) continue;
    for (const [, name] of readFileSync(path, 'utf8').matchAll(CHUNK_IMPORT)) {
      if (reached.has(name)) continue;
      reached.add(name);
      pending.push(join(dirname(path), name));
    }
  }
  return reached;
}

/** @returns {string[]} the built entries in build/server: main.js and the workers */
function builtEntries() {
  if (!existsSync(outDir)) return [];
  return readdirSync(outDir)
    .filter((name) => name === 'main.js' || name.endsWith('.worker.js'))
    .map((name) => join(outDir, name));
}

/** @returns {boolean} whether build/server/main.js is missing, older than its sources or missing a chunk it loads */
export function serverBuildIsStale() {
  if (!existsSync(serverEntry)) return true;
  const builtAt = statSync(serverEntry).mtimeMs;
  if (sources.some((source) => newest(join(root, source)) > builtAt)) return true;
  return [...chunksReachedFrom(builtEntries())].some((name) => !existsSync(join(outDir, name)));
}

/** @param {string} dir @returns {string[]} the *.worker.ts files below dir */
function workers(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return workers(path);
    return entry.name.endsWith('.worker.ts') ? [path] : [];
  });
}

const WORKER_URL = /new URL\((['"])\.\/([\w.-]+)\.worker\.ts\1, import\.meta\.url\)/g;
const BUNDLE_URL = '__bundleUrl__';

/** @type {import('esbuild').Plugin} */
const sourceLocationPlugin = {
  name: 'source-import-meta-url',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return { contents, loader: 'ts' };
      const fromBundle = relative(outDir, args.path).split('\\').join('/');
      const sourceUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      const rewritten = contents
        .replace(
          WORKER_URL,
          (_match, _quote, name) => `new URL(${JSON.stringify(`./${name}.worker.js`)}, ${BUNDLE_URL})`,
        )
        .replaceAll('import.meta.url', sourceUrl)
        .replaceAll(BUNDLE_URL, 'import.meta.url');
      return { contents: rewritten, loader: 'ts' };
    });
  },
};

/** Bundles the server into build/server/main.js and its workers (each file written whole, then renamed into place). */
export async function buildServer() {
  const entryPoints = [
    { in: join(root, 'server/main.ts'), out: 'main' },
    ...workers(join(root, 'server')).map((path) => ({ in: path, out: basename(path, '.ts') })),
  ];
  const { build } = await import('esbuild'); // here, so that `npm start` loads esbuild only to build
  const result = await build({
    entryPoints,
    outdir: outDir,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Each dynamic import() is a chunk of its own, read and compiled only when it runs (the app, once the
    // database is opening; modules needed after start on first use); code shared by entries and chunks goes into
    // shared chunks (chunk-<hash>.js).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    external: EXTERNAL,
    // CommonJS packages inside an ES module bundle call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    // Whitespace and syntax minified, names kept (logs, errors and Fastify's plugin names read them): V8 parses the
    // source of every module it evaluates, and the app chunk's is megabytes long on the cold start's path. Stack
    // frames keep their function names; they map back to the sources with NODE_OPTIONS=--enable-source-maps (not on
    // by default: Node would parse the source map on every start).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceLocationPlugin],
  });
  mkdirSync(outDir, { recursive: true });
  // What the build in place loads, statically or on first use (e-mail, push): a server started from it may still run.
  const inUse = chunksReachedFrom(builtEntries());
  // Chunks first (their names change with their contents), then the maps, then the entries: an entry in place
  // always has its chunks and map.
  const rank = (/** @type {string} */ path) =>
    basename(path).startsWith('chunk-') ? 0 : path.endsWith('.map') ? 1 : 2;
  const files = [...result.outputFiles].sort((a, b) => rank(a.path) - rank(b.path));
  for (const file of files) {
    writeFileSync(`${file.path}.tmp`, file.contents);
    renameSync(`${file.path}.tmp`, file.path);
  }
  // Chunks of earlier builds: those of the build this one replaces are kept (a server started from it loads some on
  // first use); older ones once a day old (a server started from one of them may still load them).
  const written = new Set(files.map((file) => basename(file.path)));
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of readdirSync(outDir)) {
    const chunk = name.replace(/\.map$/, '');
    if (!chunk.startsWith('chunk-') || written.has(chunk) || inUse.has(chunk)) continue;
    const path = join(outDir, name);
    if (statSync(path).mtimeMs < dayAgo) rmSync(path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const startedAt = performance.now();
  await buildServer();
  const ms = Math.round(performance.now() - startedAt);
  console.log(`server bundled into ${relative(root, serverEntry)} in ${ms} ms`);
}
