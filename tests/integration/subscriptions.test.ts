import { type Client, type ExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUserWithSession,
  drivers,
  graphql,
  graphqlWsClient,
  nextWhile,
  upgradeStatus,
  type TestApp,
} from './helpers';

const PREFERENCES_UPDATED = 'subscription { preferencesUpdated { theme defaultTimeframe } }';

type Update = ExecutionResult<{ preferencesUpdated: { theme: string; defaultTimeframe: string } }>;

describe.each(drivers)('preferencesUpdated over graphql-ws (%s)', (driver) => {
  let testApp: TestApp;
  let address: string;
  let url: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    testApp = await createTestApp(driver);
    address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace(/^http/, 'ws')}/graphql`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await testApp.close();
  });

  const connect = (token: string) => {
    const client = graphqlWsClient(address, token);
    clients.push(client);
    return client;
  };
  const setPreferences = (token: string, input: Record<string, unknown>) =>
    graphql(testApp.app, 'mutation U($input: PreferencesInput!) { updatePreferences(input: $input) { id } }', {
      token,
      variables: { input },
    });

  it("delivers a user's updates to that user's subscription only", async () => {
    const alice = await createUserWithSession(testApp.db);
    const bob = await createUserWithSession(testApp.db);
    const aliceUpdates = connect(alice.token).iterate<Update['data']>({ query: PREFERENCES_UPDATED });
    const bobUpdates = connect(bob.token).iterate<Update['data']>({ query: PREFERENCES_UPDATED });

    // Both subscriptions are live once each has received one of its own user's updates.
    const bobFirst = await nextWhile(bobUpdates, () => setPreferences(bob.token, { defaultTimeframe: '5m' }));
    expect(bobFirst.data?.preferencesUpdated.defaultTimeframe).toBe('5m');
    const aliceFirst = await nextWhile(aliceUpdates, () => setPreferences(alice.token, { theme: 'LIGHT' }));
    expect(aliceFirst.data?.preferencesUpdated.theme).toBe('LIGHT');

    // Alice changes again; Bob's next event must be his own marker, not Alice's change.
    await setPreferences(alice.token, { defaultTimeframe: '4h' });
    await setPreferences(bob.token, { defaultTimeframe: '1w' });
    let aliceEvent = await aliceUpdates.next();
    while (!aliceEvent.done && aliceEvent.value.data?.preferencesUpdated.defaultTimeframe !== '4h') {
      aliceEvent = await aliceUpdates.next();
    }
    expect(aliceEvent.value?.data?.preferencesUpdated).toEqual({ theme: 'LIGHT', defaultTimeframe: '4h' });
    let bobEvent = await bobUpdates.next();
    while (!bobEvent.done && bobEvent.value.data?.preferencesUpdated.defaultTimeframe === '5m') {
      bobEvent = await bobUpdates.next();
    }
    expect(bobEvent.value?.data?.preferencesUpdated).toEqual({ theme: 'DARK', defaultTimeframe: '1w' });

    await aliceUpdates.return?.();
    await bobUpdates.return?.();
  });

  it('closes a connection without a valid token with 4401 "unauthorized"', async () => {
    const updates = connect('not-a-session').iterate({ query: PREFERENCES_UPDATED });
    const closed = await updates.next().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(closed).toMatchObject({ code: 4401, reason: 'unauthorized: sign in required' });
  });

  it('refuses WebSocket upgrades from another origin', async () => {
    const opened = (origin: string) => upgradeStatus(url, { origin });
    expect(await opened('http://evil.example')).toBe(403);
    expect(await opened(new URL(url).origin.replace(/^ws/, 'http'))).toBe(101);
  });

  it('counts open connections in systemHealth', async () => {
    const user = await createUserWithSession(testApp.db);
    const updates = connect(user.token).iterate({ query: PREFERENCES_UPDATED });
    await nextWhile(updates, () => setPreferences(user.token, { theme: 'DARK' }));
    const { data } = await graphql<{ systemHealth: { services: { name: string }[] } }>(
      testApp.app,
      '{ systemHealth { services { name } } }',
    );
    expect(data?.systemHealth.services[2]?.name).toMatch(/^subscriptions \([1-9]\d* open\)$/);
    await updates.return?.();
  });
});
