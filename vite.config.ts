import { readFileSync } from 'node:fs';
import { build as rolldownBuild } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { appVersion } from './scripts/app-version.js';
import { chakraGlobalStyles } from './scripts/vite/chakraGlobalCss';
import { chakraSystemInSteps } from './scripts/vite/chakraSystemSteps';
import { chartOnePaint } from './scripts/vite/chartOnePaint';
import { compileHints } from './scripts/vite/compileHints';
import { graphqlDocumentsApart } from './scripts/vite/graphqlDocumentsApart';
import { dependencyClosure, inPackages, keptApart, lazyGroup } from './scripts/vite/lazyGroups';
import { startupModules } from './scripts/vite/startupModules';
import { system } from './src/theme/system';

const version = appVersion();
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

/** Writes dist/version.json so the server reports the same version as the client. */
function versionFile(): Plugin {
  return {
    name: 'app-version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

const STATIC_SHELL_ENTRY = '/src/app/shell/staticShell.ts';
const STATIC_SHELL_CSS = '<link rel="stylesheet" href="/loading.css" />';

/**
 * index.html's `<script src="/src/app/shell/staticShell.ts">` (a classic, render-blocking script: the static shell's
 * theme must be set before the first paint) as one small IIFE, written into index.html in the build: no request
 * (and no round trip) before the first paint. The server's CSP allows that one inline script by its hash, read
 * from the built index.html (server/http/inlineScripts.ts), and no other. The dev server serves it as
 * `/static-shell.js`. The build also writes public/loading.css into index.html, for the same reason.
 */
function staticShellScript(): Plugin {
  const bundle = async () => {
    const { output } = await rolldownBuild({
      input: new URL(`.${STATIC_SHELL_ENTRY}`, import.meta.url).pathname,
      write: false,
      output: { format: 'iife', minify: true },
    });
    const code = output[0].code.trim();
    // The HTML parser ends a script at its first `</script`; the minifier has no reason to write one.
    if (/<\/script/i.test(code)) throw new Error('static-shell-script: the bundle contains "</script"');
    return code;
  };
  return {
    name: 'static-shell-script',
    configureServer(server) {
      server.middlewares.use('/static-shell.js', (_request, response) => {
        bundle().then(
          (fresh) => {
            response.setHeader('Content-Type', 'text/javascript');
            response.end(fresh);
          },
          (error: unknown) => {
            response.statusCode = 500;
            response.end(String(error));
          },
        );
      });
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        const tag = `<script src="${STATIC_SHELL_ENTRY}"></script>`;
        if (!html.includes(tag) || !html.includes(STATIC_SHELL_CSS)) {
          throw new Error(`static-shell-script: index.html has no ${tag} or ${STATIC_SHELL_CSS}`);
        }
        if (context.server) return html.replace(tag, '<script src="/static-shell.js"></script>');
        const code = await bundle();
        const css = readFileSync(new URL('./public/loading.css', import.meta.url), 'utf8');
        return html
          .replace(tag, () => `<script>${code}</script>`)
          .replace(STATIC_SHELL_CSS, () => `<style id="static-shell-css">${css}</style>`);
      },
    },
  };
}

/**
 * Everything the entry imports statically goes into one chunk instead of some thirty shared ones: one request and
 * about 8 KiB less gzipped (one compression window, no import/export glue between pieces); `npm run perf:bundle`
 * keeps it under budget. Zag's state machines (`*.machine.mjs`, `*.connect.mjs`) stay out: Ark UI imports Zag
 * packages as namespaces (`import * as toast from '@zag-js/toast'`), which makes every machine reachable from the
 * entry though only lazy pages run them, so left to automatic chunking each lands with the page that uses it. The
 * rest of Zag stays in: Chakra's anatomies run when the entry loads, and a module the entry needs at load must
 * not sit in a chunk of its own (includeDependenciesRecursively is off, so the order is ours to keep).
 */
const startupChunk = {
  name: 'app',
  // Before the groups below: a module the entry needs at load stays in the entry even where a later group's test
  // matches it (the data group's src/data modules the startup code imports).
  priority: 2,
  tags: ['$initial' as const],
  includeDependenciesRecursively: false,
  test: (id: string) => !/[\\/]@zag-js[\\/][^\\/]+[\\/]dist[\\/].*\.(machine|connect)\.mjs$/.test(id),
};

/**
 * Code shared by two or more lazily loaded chunks (Chakra's components, Zag's machines, the app's cards and hooks)
 * goes into two chunks rather than dozens of 1–2 KiB ones: a phone on a slow network opened the Dashboard with some
 * 60 requests queued six at a time behind the startup chunk, each waiting a round trip. `shared` holds what runs when
 * the app starts on the pages it is opened on (startRoutes: the shell, Dashboard, Stock details and Portfolio, with
 * the toasts, the login page and everything they load later, cards mounted on scroll included); `shared-rest` the
 * code only other pages use (forms, dialogs and number inputs of strategies, backtests, accounts, onboarding, ...).
 * With one chunk for both, every first load downloaded, compiled and ran all of it in one long task, some 30% more
 * than it uses. A page may still load a little code it does not run; the chunks are cached once for every page.
 * startupModules fails the build if a chunk that runs at start comes to import `shared-rest`.
 */
const notShared = (id: string) =>
  // Kept apart: the local database (the outbox loads it at start, without any page), the icon set (tree-shaken per
  // chunk) and the socket client (a few pages each). The list virtualiser has a chunk of its own (VirtualRows).
  /[\\/]node_modules[\\/](dexie|dexie-react-hooks|react-icons|graphql-ws)[\\/]/.test(id);
const startRoutes =
  /[\\/]src[\\/]routes[\\/]_shell(\.tsx|[\\/](index|dashboard|overview|portfolio|stocks[\\/]\$symbol)\.tsx)\?tsr-split=/;
const restSharedName = 'shared-rest';
const startup = startupModules((id) => startRoutes.test(id), [restSharedName]);
const lazySharedChunk = {
  name: 'shared',
  minShareCount: 2,
  includeDependenciesRecursively: false,
  test: (id: string) => !notShared(id) && startup.has(id),
};
const restSharedChunk = {
  name: restSharedName,
  minShareCount: 2,
  includeDependenciesRecursively: false,
  test: (id: string) => !notShared(id),
};

/**
 * The local database layer (src/data: Dexie, the tables' read and write code, the outbox queue) with what it imports,
 * apart from `shared`: the outbox loads it right after the first screen (src/main.tsx), and as part of `shared` that
 * pulled the whole UI of `shared` too, compiled and run in one task with Dexie. Now the outbox's task runs the data
 * layer alone and `shared` runs when the page's chunk arrives, in a task of its own. The entry keeps the few data
 * modules it needs at load (the `app` group comes first); keptApart fails the build if the entry imports this
 * chunk statically.
 */
const dataChunk = lazyGroup('data', /[\\/]src[\\/]data[\\/]/);

/**
 * The Markdown renderer (react-markdown and the unified/micromark packages under it, some 120 KB minified) and the
 * app's one component that uses it, apart from `shared`: only the chat and the AI analysis card render Markdown,
 * yet as part of `shared` every page downloaded, compiled and ran it with its first lazy chunk. keptApart fails the
 * build if `shared` or the entry comes to import it statically again.
 */
const nodeModules = new URL('./node_modules', import.meta.url).pathname;
const isMarkdownPackage = inPackages(dependencyClosure('react-markdown', nodeModules));
const markdownChunk = lazyGroup(
  'markdown',
  (id) => isMarkdownPackage(id) || /[\\/]src[\\/]features[\\/]chat[\\/]components[\\/]ChatMarkdown\.tsx$/.test(id),
  { ownModulesOnly: true },
);

/**
 * The charting library (lightweight-charts and fancy-canvas, some 175 KB minified), apart from `shared`: only the
 * chart canvases use it (CandlestickChart, CurveChartCanvas, FanChartCanvas), each loaded lazily when a chart
 * mounts, yet as part of `shared` every page downloaded, compiled and ran it with its first lazy chunk, in the
 * longest task of a first load. keptApart fails the build if `shared` or the entry comes to import it statically
 * again (a value import of the package from a module they hold, e.g. src/components/charts/chartTheme.ts).
 */
const chartsChunk = lazyGroup('charts', inPackages(dependencyClosure('lightweight-charts', nodeModules)), {
  ownModulesOnly: true,
});

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: the route tree then no longer imports every feature's queries and documents up front; a
      // route's loader chunk loads beside its component (its requests wait for the GraphQL client chunk anyway).
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent', 'notFoundComponent', 'pendingComponent']],
      },
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: manifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'] },
      devOptions: { enabled: false },
    }),
    versionFile(),
    staticShellScript(),
    chakraGlobalStyles(system),
    chakraSystemInSteps(),
    chartOnePaint(),
    graphqlDocumentsApart(),
    startup.plugin,
    keptApart([markdownChunk.name, chartsChunk.name], [lazySharedChunk.name, restSharedChunk.name]),
    keptApart([dataChunk.name], []),
    // Eager compilation, off the main thread, for the chunks whose code runs as they load: the local database's (the
    // data group: Dexie, evaluated whole when the outbox starts) and the charting library's (loaded by a chart canvas
    // only, which paints at once; its first paint ran lightweight-charts' functions cold, each compiled on the main
    // thread at first call: that paint's CPU at 1x 48-52 -> 38-45 ms, Stock details, 4 alternating Lighthouse runs).
    // Not the entry: Vite puts its `__vite__mapDeps` line above the hint after it is added, and V8 reads the hint
    // only before any code (the build fails if a hinted chunk does not start with it).
    compileHints((chunk) => chunk.name === dataChunk.name || chunk.name === chartsChunk.name),
    // Brotli and gzip copies of every text file beside it (the server sends the one the browser accepts, see
    // server/http/pwa.ts): compressed once at build time, at the highest levels, instead of on every request.
    compression({ threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [startupChunk, markdownChunk, chartsChunk, dataChunk, lazySharedChunk, restSharedChunk],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: 'http://localhost:3000', ws: true },
      '/api': 'http://localhost:3000',
    },
  },
});
