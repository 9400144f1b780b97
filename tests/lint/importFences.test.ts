/**
 * The import fences of eslint.fences.js hold: each forbidden import below fails lint with the fence's message,
 * at any depth, and the allowed imports beside them pass. Runs ESLint with the repository's own config.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages ESLint reports for `source` as if it were the file at `filePath`. */
async function fenceErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const forbidden: [file: string, specifier: string, why: RegExp][] = [
  ['src/domain/trading/rules.ts', '../../features/orders/queries', /src\/domain is pure/],
  ['src/domain/market/deep/nested/x.ts', '../../../../features/orders/queries', /src\/domain is pure/],
  ['src/domain/x.ts', '../data/db', /src\/domain is pure/],
  ['src/domain/x.ts', '../../server/db/schema', /src\/domain is pure/],
  ['src/domain/x.ts', 'react', /src\/domain is pure/],
  ['src/domain/x.ts', 'dexie', /src\/domain is pure/],
  ['src/domain/x.ts', 'graphql-request', /src\/domain is pure/],
  ['src/domain/x.ts', 'node:fs', /src\/domain is pure/],
  ['src/components/layout/Thing.tsx', '../../features/outbox/PendingChangesBadge', /shared UI only/],
  ['src/components/a/b/c/Thing.tsx', '../../../../features/chat/components/ChatAssistant', /shared UI only/],
  ['src/components/page/Thing.tsx', '../../app/shell/AppShell', /shared UI only/],
  ['src/auth/session.ts', '../features/trading/tradingModeStore', /below components, features and the app/],
  ['src/theme/x.ts', '../features/user/queries', /below components, features and the app/],
  ['src/lib/x.ts', '../app/queryClient', /below components, features and the app/],
  ['src/data/x.ts', '../components/page/SectionCard', /below components, features and the app/],
  ['src/features/orders/x.tsx', '../../app/shell/AppShell', /never the other way round/],
  ['src/features/orders/x.tsx', '../../routeTree.gen', /never the other way round/],
  ['src/features/orders/x.tsx', '../../routes/_shell', /never the other way round/],
  ['sw/x.ts', '../src/features/orders/queries', /no UI/],
  ['server/services/x/index.ts', '../../../src/data/db', /only src\/domain/],
  ['server/x.ts', '../src/features/orders/queries', /only src\/domain/],
  ['src/app/x.ts', '../../server/db/schema', /never contains server code/],
];

const allowed: [file: string, specifier: string][] = [
  ['src/domain/trading/rules.ts', '../market/candle'],
  ['src/components/layout/Thing.tsx', '../../domain/constants'],
  ['src/features/auth/x.ts', '../../app/browserSession'],
  ['src/features/orders/x.tsx', '../../components/page/SectionCard'],
  ['src/app/shell/x.tsx', '../../features/outbox/PendingChangesBadge'],
  ['server/services/x/index.ts', '../../../src/domain/constants'],
  ['sw/x.ts', '../src/data/outbox/sync'],
  ['src/components/x/Thing.tsx', 'react-dom/server'],
];

describe('import fences (eslint.fences.js)', { timeout: 60_000 }, () => {
  // The first lint loads the parser and the config: slow on a busy machine, so it happens here.
  beforeAll(() => fenceErrors('src/domain/warm-up.ts', ''), 120_000);

  it.each(forbidden)('%s may not import %s', async (file, specifier, why) => {
    const errors = await fenceErrors(file, `import '${specifier}';`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(why);
  });

  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await fenceErrors(file, `import '${specifier}';`)).toEqual([]);
  });

  it('also catches re-exports and dynamic imports', async () => {
    expect(await fenceErrors('src/domain/x.ts', `export * from '../features/a';`)).toHaveLength(1);
    expect(await fenceErrors('src/components/x.tsx', `export { A } from '../features/a';`)).toHaveLength(1);
  });
});
