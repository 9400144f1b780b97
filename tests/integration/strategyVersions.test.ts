/**
 * A strategy's versions (issue 13 points 5 and 8): each saved change of its definition adds a version and the old
 * ones stay readable; a change of its name alone adds none; another user's strategy shows nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const VERSIONS = 'query V($id: ID!) { strategy(id: $id) { version versions { version templateId parameters code } } }';

describe.each(drivers)('strategy versions (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('keeps every definition, newest first, and only for its owner', async () => {
    const user = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const call = <T>(query: string, variables: Record<string, unknown>, token = user.token) =>
      graphql<T>(t.app, query, { token, variables });
    const created = await call<{ createStrategy: { id: string } }>(
      'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
      { input: { name: 'Versions', templateId: 'sma-crossover', parameters: { fast: 10, slow: 30 } } },
    );
    const id = created.data!.createStrategy.id;
    const update = (input: Record<string, unknown>) =>
      call(
        'mutation U($id: ID!, $input: UpdateStrategyInput!) { updateStrategy(id: $id, input: $input) { version } }',
        {
          id,
          input,
        },
      );
    await update({ parameters: { fast: 20, slow: 50 } });
    await update({ name: 'Versions renamed' });
    const answer = await call<{
      strategy: { version: number; versions: { version: number; parameters: { fast: number }; code: string }[] };
    }>(VERSIONS, { id });
    expect(answer.errors).toBeUndefined();
    const { version, versions } = answer.data!.strategy;
    expect(version).toBe(2);
    expect(versions.map((v) => [v.version, v.parameters.fast])).toEqual([
      [2, 20],
      [1, 10],
    ]);
    expect(JSON.parse(versions[1]!.code)).toMatchObject({ version: 1, symbols: ['SPY'] });
    const stranger = await call<{ strategy: null }>(VERSIONS, { id }, other.token);
    expect(stranger.data?.strategy).toBeNull();
  });
});
