/**
 * Import fences: who may import whom (docs/ARCHITECTURE.md, "The dependency rule"). Each fence names the files it
 * applies to and the imports they may not make. A forbidden folder is matched as a path segment anywhere in a relative
 * specifier, so the fence holds at any depth ('../features/x', '../../../features/x').
 * eslint.config.js turns each fence into a `no-restricted-imports` rule; tests/lint/importFences.test.ts proves a
 * forbidden import fails lint.
 */

/**
 * A folder name as a path segment of a relative import specifier, at any depth ('../x', '../../../x/y'). Package
 * imports are not matched ('react-dom/server' is no server/ import); packages are fenced by name below. So no subfolder
 * is named like a layer (a 'src/domain/features/' would be fenced off from its own parent).
 */
const folder = (...names) => `^\\.{1,2}/(.*/)?(${names.join('|')})(/|$)`;

/** Packages that touch the screen, storage, the network or the runtime: none of them belong in pure code. */
const IMPURE_PACKAGES = [
  'react',
  'react-*',
  '@chakra-ui/*',
  '@emotion/*',
  '@tanstack/*',
  'dexie',
  'dexie-*',
  'idb-keyval',
  'graphql',
  'graphql-*',
  '@graphql-typed-document-node/*',
  'lightweight-charts',
  'workbox-*',
  'ws',
  'pg',
  'drizzle-orm',
  'drizzle-orm/*',
  'fastify',
  '@fastify/*',
  'nodemailer',
  'pino',
];

/** The client's infrastructure: below components, features and the app; they never import upwards. */
const INFRASTRUCTURE = ['src/lib', 'src/graphql', 'src/auth', 'src/data', 'src/theme', 'src/pwa'];

/** @type {{ name: string, files: string[], ignores?: string[], folders: string[], packages?: string[], message: string }[]} */
export const IMPORT_FENCES = [
  {
    name: 'domain is pure',
    files: ['src/domain/**/*.{ts,tsx}'],
    ignores: ['src/domain/**/*.test.ts'],
    folders: [
      'app',
      'auth',
      'components',
      'data',
      'features',
      'graphql',
      'lib',
      'pwa',
      'routes',
      'theme',
      'server',
      'sw',
    ],
    packages: [...IMPURE_PACKAGES, 'node:*'],
    message: 'src/domain is pure TypeScript: no React, storage, network, Node or other layers (docs/ARCHITECTURE.md).',
  },
  {
    name: 'infrastructure never imports upwards',
    files: INFRASTRUCTURE.map((dir) => `${dir}/**/*.{ts,tsx}`),
    folders: ['components', 'features', 'app', 'routes', 'server'],
    message:
      'lib, graphql, auth, data, theme and pwa sit below components, features and the app: pass what they need as a parameter.',
  },
  {
    name: 'shared components never import features',
    files: ['src/components/**/*.{ts,tsx}'],
    folders: ['features', 'app', 'routes', 'server'],
    message:
      'src/components holds shared UI only: a component that mounts feature code belongs in src/app/shell or in the feature.',
  },
  {
    name: 'features never import the shell, the router or routes',
    files: ['src/features/**/*.{ts,tsx}'],
    folders: ['routes', 'shell', 'app/router', 'server', 'routeTree\\.gen'],
    message: 'Features are mounted by routes and the shell, never the other way round.',
  },
  {
    name: 'the service worker imports only pure code and the outbox',
    files: ['sw/**/*.ts'],
    folders: ['app', 'auth', 'components', 'features', 'graphql', 'routes', 'theme', 'pwa', 'server'],
    packages: ['react', 'react-*', '@chakra-ui/*', '@tanstack/*'],
    message: 'The service worker has no UI: it may use src/domain, src/data and src/lib.',
  },
  {
    name: 'server imports only src/domain from the client',
    files: ['server/**/*.ts'],
    folders: ['src/(?!domain/)[^/]+'],
    packages: ['react', 'react-*', '@chakra-ui/*', 'dexie', 'dexie-*', 'idb-keyval', 'workbox-*'],
    message: 'server/ may import from src/ only src/domain (pure code shared by both programs).',
  },
  {
    // The fences above forbid server/ too; this one covers the rest of the client (flat config blocks for the
    // same rule replace each other, so no two fences may cover one file).
    name: 'the client never imports the server',
    files: ['src/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    folders: ['server'],
    message: 'The browser bundle never contains server code; share pure code through src/domain.',
  },
];

/** ESLint flat-config blocks, one per fence. */
export function importFenceConfigs() {
  return IMPORT_FENCES.map((fence) => ({
    name: `import fence: ${fence.name}`,
    files: fence.files,
    ...(fence.ignores ? { ignores: fence.ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: folder(...fence.folders), message: fence.message },
            ...(fence.packages ? [{ group: fence.packages, message: fence.message }] : []),
          ],
        },
      ],
    },
  }));
}
