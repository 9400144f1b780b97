import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ERROR_MESSAGE } from '../../server/graphql/boundedErrors';
import { createTestApp, createUserWithSession, graphql, type TestApp } from './helpers';

/** A built app's files: a page, a script and its source map. */
function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map\n');
  writeFileSync(join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":[],"mappings":""}');
  return dir;
}

/** The app's log lines, parsed. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { stream, lines, raw };
}

describe('production: logs, error answers, introspection, source maps', () => {
  let testApp: TestApp;
  let dir: string;
  const logs = logCapture();
  beforeAll(async () => {
    dir = staticDir();
    testApp = await createTestApp('pglite', {
      env: { NODE_ENV: 'production', LOG_LEVEL: 'debug', STATIC_DIR: dir },
      logStream: logs.stream,
    });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs a client error at info as its code and message, without a stack', async () => {
    const answer = await graphql(testApp.app, '{ watchlist(id: "not-a-uuid") { id } }');
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const line = logs.lines.find((entry) => entry.msg === 'client error in a GraphQL operation');
    expect(line).toMatchObject({ level: 30, code: 'BAD_USER_INPUT', error: 'id: expected a UUID' });
    expect(logs.raw.some((entry) => entry.includes('"stack"'))).toBe(false);
    expect(logs.lines.some((entry) => (entry.level as number) >= 50)).toBe(false);
  });

  it('never echoes or logs a long value whole', async () => {
    const huge = 'y'.repeat(90_000);
    const answer = await graphql(testApp.app, 'query Q($limit: Int) { orders(limit: $limit) { id } }', {
      variables: { limit: huge },
    });
    const message = answer.errors?.[0]?.message ?? '';
    expect(message).toMatch(/^Variable "\$limit" got invalid value "y+… \(\d+ more characters\)$/);
    expect(message.length).toBeLessThan(MAX_ERROR_MESSAGE + 40);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/${'z/'.repeat(1_000)}` });
    expect(response.statusCode).toBe(404);
    expect(response.body.length).toBeLessThan(500);
    expect(Math.max(...logs.raw.map((line) => line.length))).toBeLessThan(20_000);
  });

  it('keeps bearer tokens out of the log', async () => {
    const user = await createUserWithSession(testApp.db);
    await graphql(testApp.app, '{ me { id } }', { token: user.token });
    await testApp.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ me { id } }')}&token=${user.token}`,
      headers: { authorization: `Bearer ${user.token}`, accept: 'application/json' },
    });
    await graphql(testApp.app, 'mutation { logout { success } }', { token: user.token });
    expect(logs.raw.length).toBeGreaterThan(0);
    expect(logs.raw.some((line) => line.includes(user.token))).toBe(false);
  });

  it('refuses introspection and hides field suggestions', async () => {
    const schema = await graphql(testApp.app, '{ __schema { queryType { name } } }');
    expect(schema.data).toBeUndefined();
    expect(schema.errors?.[0]?.message).toMatch(/introspection has been disabled/);
    const typo = await graphql(testApp.app, '{ mee { id } }');
    expect(typo.errors?.[0]?.message).toBe('Cannot query field "mee" on type "Query".');
  });

  it('names no enum value in the errors of a misspelt one, in the document or in variables', async () => {
    const user = await createUserWithSession(testApp.db);
    const create = 'mutation C($input: CreateAlertInput!) { createAlert(input: $input) { id } }';
    const answers = [
      await graphql(
        testApp.app,
        'mutation { createAlert(input: { symbol: "KO", condition: abov, triggerPrice: 1 }) { id } }',
        {
          token: user.token,
        },
      ),
      await graphql(testApp.app, create, {
        token: user.token,
        variables: { input: { symbol: 'KO', condition: 'abov', triggerPrice: 1 } },
      }),
    ];
    for (const answer of answers) {
      expect(answer.errors?.[0]?.message).toMatch(/abov/);
      expect(answer.errors?.map((error) => error.message).join(' ')).not.toMatch(/Did you mean|above|below/);
    }
  });

  it('answers 404 for source maps (kept on disk) and serves the script', async () => {
    const script = await testApp.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    for (const accept of ['*/*', 'text/html']) {
      const map = await testApp.app.inject({ method: 'GET', url: '/assets/app.js.map', headers: { accept } });
      expect(map.statusCode).toBe(404);
      expect(map.json()).toMatchObject({ error: 'not_found' });
    }
  });
});

describe('development, or GRAPHQL_INTROSPECTION=true', () => {
  let testApp: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = staticDir();
    testApp = await createTestApp('pglite', { env: { NODE_ENV: 'development', STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers introspection, suggestions and source maps', async () => {
    const schema = await graphql(testApp.app, '{ __schema { queryType { name } } }');
    expect(schema.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const typo = await graphql(testApp.app, '{ mee { id } }');
    expect(typo.errors?.[0]?.message).toMatch(/Did you mean "me"\?/);
    expect((await testApp.app.inject({ method: 'GET', url: '/assets/app.js.map' })).statusCode).toBe(200);
  });
});
