import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Projects run one after another (unit, integration, e2e): on a 2-core machine the CPU-heavy integration
          // suites (property test, PGlite) otherwise starve the browser tests.
          sequence: { groupOrder: 0 },
          // One process runs every unit file, modules loaded once: a fresh process per file cost about 3x the CPU of
          // the tests themselves. So a unit test leaves nothing behind: no vi.mock (it would leak into later files),
          // fake timers restored, no global or env changes (the suite passes in shuffled file order).
          isolate: false,
          include: [
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'sw/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          // The files share one process too: the server's modules load once, not per file (12 files: half the CPU,
          // module import 197 s -> 9 s under load). Each file makes its own app, database and servers and closes them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's first data waits on the server and a loaded machine: polls get 10 s, not vitest's 1 s (a
          // Stock details heading once missed its quote by a second in CI).
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
