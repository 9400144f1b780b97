import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../src/domain/preferences';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const PREFERENCES_FIELDS = `
  theme
  defaultTimeframe
  riskTolerance
  notifications { email sms push tradingAlerts portfolioUpdates systemAlerts }
  tradingHours { preMarket regularHours afterHours weekends }
`;

const ME = `query { me { id email phoneNumber isVerified preferences { ${PREFERENCES_FIELDS} } brokerConnections { id accountId lastSync } } }`;

const UPDATE = `mutation Update($input: PreferencesInput!) {
  updatePreferences(input: $input) { id preferences { ${PREFERENCES_FIELDS} } }
}`;

interface Preferences {
  theme: string;
  defaultTimeframe: string;
  riskTolerance: string;
  notifications: Record<string, boolean>;
  tradingHours: Record<string, boolean>;
}

describe.each(drivers)('me and updatePreferences (%s)', (driver) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(driver, { env: { SINGLE_USER_EMAIL: 'owner@example.test' } });
  });
  afterAll(() => testApp.close());

  const update = (token: string, input: Record<string, unknown>) =>
    graphql<{ updatePreferences: { id: string; preferences: Preferences } }>(testApp.app, UPDATE, {
      token,
      variables: { input },
    });
  const preferencesOf = async (token: string) =>
    (await graphql<{ me: { preferences: Preferences } }>(testApp.app, ME, { token })).data?.me.preferences;

  it('returns the single user with the spec defaults', async () => {
    const { data, errors } = await graphql<{ me: Record<string, unknown> }>(testApp.app, ME);
    expect(errors).toBeUndefined();
    expect(data?.me).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'owner@example.test',
      phoneNumber: null,
      isVerified: true,
      preferences: {
        theme: 'DARK',
        defaultTimeframe: '1d',
        riskTolerance: 'moderate',
        notifications: {
          email: true,
          sms: false,
          push: true,
          tradingAlerts: true,
          portfolioUpdates: true,
          systemAlerts: true,
        },
        tradingHours: { preMarket: false, regularHours: true, afterHours: false, weekends: false },
      },
      brokerConnections: [],
    });
  });

  it('changes only the fields given, merging nested flags', async () => {
    const user = await createUserWithSession(testApp.db);
    const { data, errors } = await update(user.token, {
      riskTolerance: 'aggressive',
      notifications: { sms: true },
      tradingHours: { weekends: true },
    });
    expect(errors).toBeUndefined();
    expect(data?.updatePreferences.id).toBe(user.id);
    const expected = {
      ...DEFAULT_PREFERENCES,
      riskTolerance: 'aggressive',
      notifications: { ...DEFAULT_PREFERENCES.notifications, sms: true },
      tradingHours: { ...DEFAULT_PREFERENCES.tradingHours, weekends: true },
    };
    expect(data?.updatePreferences.preferences).toEqual(expected);
    expect(await preferencesOf(user.token)).toEqual(expected);
  });

  it('round-trips the theme as LIGHT and DARK', async () => {
    const user = await createUserWithSession(testApp.db);
    await update(user.token, { theme: 'LIGHT' });
    expect((await preferencesOf(user.token))?.theme).toBe('LIGHT');
    await update(user.token, { theme: 'DARK' });
    expect((await preferencesOf(user.token))?.theme).toBe('DARK');
  });

  it('normalises upper-case day, week and hour timeframes', async () => {
    const user = await createUserWithSession(testApp.db);
    for (const [sent, stored] of [
      ['1D', '1d'],
      ['1W', '1w'],
      ['4H', '4h'],
      ['15m', '15m'],
    ]) {
      const { data } = await update(user.token, { defaultTimeframe: sent });
      expect(data?.updatePreferences.preferences.defaultTimeframe).toBe(stored);
    }
  });

  it('rejects an invalid timeframe with BAD_USER_INPUT and writes nothing', async () => {
    const user = await createUserWithSession(testApp.db);
    const before = await preferencesOf(user.token);
    const { data, errors } = await update(user.token, { theme: 'LIGHT', defaultTimeframe: '2d' });
    expect(data).toBeNull();
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errors?.[0]?.message).toBe(
      'Invalid defaultTimeframe: expected one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, got "2d"',
    );
    expect(await preferencesOf(user.token)).toEqual(before);
  });

  it('rejects null for a field that cannot be unset', async () => {
    const user = await createUserWithSession(testApp.db);
    const { errors } = await update(user.token, { notifications: { email: null } });
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errors?.[0]?.message).toMatch(/^Invalid notifications\.email: /);
    expect(await preferencesOf(user.token)).toEqual(DEFAULT_PREFERENCES);
  });

  it('rejects values outside the contract before resolvers run', async () => {
    const user = await createUserWithSession(testApp.db);
    const { errors } = await update(user.token, { theme: 'BLUE' });
    expect(errors?.[0]?.message).toMatch(/BLUE/);
    expect(await preferencesOf(user.token)).toEqual(DEFAULT_PREFERENCES);
  });

  it('scopes updates to the signed-in user', async () => {
    const first = await createUserWithSession(testApp.db);
    const second = await createUserWithSession(testApp.db);
    await update(first.token, { theme: 'LIGHT' });
    expect((await preferencesOf(second.token))?.theme).toBe('DARK');
  });
});
