/**
 * Onboarding REST routes (issue 14 point 5) through buildApp on PGlite and PostgreSQL: the status, the parameters and
 * mode steps, the step progress, complete and skip; every bad field refused with its name and nothing written; live
 * refused without a verified live broker (409, requiresBrokerSetup) and accepted with one (Alpaca played by the local
 * server).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboarding, preferences } from '../../server/db/schema';
import {
  ASSET_PREFERENCES_REQUIRED,
  DEFAULT_TRADING_PARAMETERS,
  LIVE_CONFIRMATION_REQUIRED,
} from '../../src/domain/trading/parameters';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const PARAMETERS = {
  accountSizeAllocation: 80,
  maxPositionSize: 5_000,
  dailyLossLimit: 750,
  riskTolerance: 'aggressive',
  preferredTradingHours: 'extended_hours',
  assetPreferences: ['stocks', 'etfs', 'crypto'],
};

const NEW_STATUS = {
  currentStep: 'broker_selection',
  brokerConnected: false,
  tradingParametersSet: false,
  modeSelected: false,
  onboardingCompleted: false,
  onboardingSkipped: false,
};

describe.each(drivers)('onboarding REST routes (%s)', (driver) => {
  let t: TestApp;
  let fake: FakeAlpacaTrading;
  beforeAll(async () => {
    fake = await startFakeAlpacaTrading();
    t = await createTestApp(driver, {
      env: { ALPACA_TRADING_PAPER_URL: fake.baseUrl, ALPACA_TRADING_LIVE_URL: fake.baseUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url: `/api/onboarding/${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  /** What the user's rows hold now (to show a refused request wrote nothing). */
  const stored = async (userId: string) => ({
    preferences: (await t.db.select().from(preferences).where(eq(preferences.userId, userId)))[0],
    onboarding: await t.db.select().from(onboarding).where(eq(onboarding.userId, userId)),
  });
  /** Expects a 400 naming `field` (with `error` when given) and no write. */
  async function refused(
    user: { id: string; token: string },
    method: 'POST' | 'PUT',
    path: string,
    payload: unknown,
    field: string,
    error?: string,
  ) {
    const before = await stored(user.id);
    const { status, body } = await call(user.token, method, path, payload);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, field, ...(error && { error }) });
    expect(String(body.error)).not.toBe('');
    expect(await stored(user.id)).toEqual(before);
  }

  it('needs a session for every route', async () => {
    for (const [method, url] of [
      ['GET', 'status'],
      ['PUT', 'status'],
      ['POST', 'parameters'],
      ['POST', 'complete'],
      ['POST', 'skip'],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/onboarding/${url}` })).statusCode).toBe(401);
    }
  });

  it('GET status: a new user starts at the broker step with the default profile', async () => {
    const user = await createUserWithSession(t.db);
    const { status, body } = await call(user.token, 'GET', 'status');
    expect(status).toBe(200);
    expect(body).toEqual({ status: NEW_STATUS, tradingParameters: DEFAULT_TRADING_PARAMETERS });
  });

  it('POST parameters saves them, and GET returns them as set', async () => {
    const user = await createUserWithSession(t.db);
    const { status, body } = await call(user.token, 'POST', 'parameters', PARAMETERS);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      status: { ...NEW_STATUS, tradingParametersSet: true },
      tradingParameters: { ...PARAMETERS, tradingMode: 'paper' },
    });
    expect((await call(user.token, 'GET', 'status')).body).toEqual({
      status: { ...NEW_STATUS, tradingParametersSet: true },
      tradingParameters: { ...PARAMETERS, tradingMode: 'paper' },
    });
  });

  it('POST parameters refuses each bad field by name and writes nothing', async () => {
    const user = await createUserWithSession(t.db);
    const bad: [Record<string, unknown>, string, string?][] = [
      [{ accountSizeAllocation: 7 }, 'accountSizeAllocation'],
      [{ accountSizeAllocation: 52 }, 'accountSizeAllocation'],
      [{ maxPositionSize: 150 }, 'maxPositionSize'],
      [{ maxPositionSize: 20_000_000 }, 'maxPositionSize'],
      [{ dailyLossLimit: 20 }, 'dailyLossLimit'],
      [{ dailyLossLimit: '500' }, 'dailyLossLimit'],
      [{ riskTolerance: 'yolo' }, 'riskTolerance'],
      [{ preferredTradingHours: 'weekends' }, 'preferredTradingHours'],
      [{ assetPreferences: [] }, 'assetPreferences', ASSET_PREFERENCES_REQUIRED],
      [{ assetPreferences: ['bonds'] }, 'assetPreferences'],
      [{ surprise: true }, 'surprise'],
    ];
    for (const [change, field, error] of bad) {
      await refused(user, 'POST', 'parameters', { ...PARAMETERS, ...change }, field, error);
    }
    const { maxPositionSize: _, ...missing } = PARAMETERS;
    await refused(user, 'POST', 'parameters', missing, 'maxPositionSize');
    await refused(user, 'POST', 'parameters', [PARAMETERS], 'body');
    // Parameters and a mode at once: the mode step takes only its own fields.
    await refused(user, 'POST', 'parameters', { tradingMode: 'paper', ...PARAMETERS }, 'accountSizeAllocation');
  });

  it('POST parameters with a mode: paper is selected; live needs the confirmation and a verified live broker', async () => {
    const user = await createUserWithSession(t.db);
    const paper = await call(user.token, 'POST', 'parameters', { tradingMode: 'paper', modeConfirmed: false });
    expect(paper).toEqual({
      status: 200,
      body: {
        success: true,
        status: { ...NEW_STATUS, modeSelected: true },
        tradingParameters: DEFAULT_TRADING_PARAMETERS,
      },
    });

    await refused(user, 'POST', 'parameters', { tradingMode: 'live' }, 'modeConfirmed', LIVE_CONFIRMATION_REQUIRED);
    await refused(
      user,
      'POST',
      'parameters',
      { tradingMode: 'live', modeConfirmed: false },
      'modeConfirmed',
      LIVE_CONFIRMATION_REQUIRED,
    );
    await refused(user, 'POST', 'parameters', { tradingMode: 'margin', modeConfirmed: true }, 'tradingMode');

    const before = await stored(user.id);
    const noBroker = await call(user.token, 'POST', 'parameters', { tradingMode: 'live', modeConfirmed: true });
    expect(noBroker).toEqual({
      status: 409,
      body: {
        success: false,
        error: 'Live trading requires a connected and verified live broker account.',
        requiresBrokerSetup: true,
      },
    });
    expect(await stored(user.id)).toEqual(before);

    // A verified live Alpaca account (keys checked by the local Alpaca server).
    const connected = await t.app.inject({
      method: 'POST',
      url: '/api/brokers/accounts',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        brokerId: 'alpaca',
        accountType: 'live',
        apiKeyEncrypted: TRADING_KEY.keyId,
        apiSecretEncrypted: TRADING_KEY.secretKey,
      },
    });
    expect(connected.statusCode).toBe(200);
    const live = await call(user.token, 'POST', 'parameters', { tradingMode: 'live', modeConfirmed: true });
    expect(live).toMatchObject({
      status: 200,
      body: {
        success: true,
        status: { brokerConnected: true, modeSelected: true },
        tradingParameters: { tradingMode: 'live' },
      },
    });
  });

  it('PUT status stores the step (index or name) and GET resumes there', async () => {
    const user = await createUserWithSession(t.db);
    expect(await call(user.token, 'PUT', 'status', { step: 1 })).toEqual({
      status: 200,
      body: { success: true, status: { ...NEW_STATUS, currentStep: 'trading_parameters' } },
    });
    expect(((await call(user.token, 'GET', 'status')).body.status as Record<string, unknown>).currentStep).toBe(
      'trading_parameters',
    );
    await call(user.token, 'PUT', 'status', { step: 'mode_selection', brokerConnected: false });
    expect(((await call(user.token, 'GET', 'status')).body.status as Record<string, unknown>).currentStep).toBe(
      'mode_selection',
    );
  });

  it('PUT status refuses a bad step and flags claimed but not true, writing nothing', async () => {
    const user = await createUserWithSession(t.db);
    await call(user.token, 'PUT', 'status', { step: 0 });
    for (const step of [3, -1, 1.5, 'finished', null, undefined]) {
      await refused(user, 'PUT', 'status', { step }, 'step');
    }
    await refused(user, 'PUT', 'status', { step: 1, brokerConnected: true }, 'brokerConnected');
    await refused(user, 'PUT', 'status', { step: 2, tradingParametersSet: true }, 'tradingParametersSet');
    await refused(user, 'PUT', 'status', { step: 2, modeSelected: true }, 'modeSelected');
    await refused(user, 'PUT', 'status', { step: 2, modeSelected: 'yes' }, 'modeSelected');
    await refused(user, 'PUT', 'status', { step: 2, onboardingCompleted: true }, 'tradingParametersSet');
    await refused(user, 'PUT', 'status', { step: 2, done: true }, 'done');

    // Once true, the same claims pass, and onboardingCompleted completes.
    await call(user.token, 'POST', 'parameters', PARAMETERS);
    await call(user.token, 'POST', 'parameters', { tradingMode: 'paper' });
    const { status, body } = await call(user.token, 'PUT', 'status', {
      step: 2,
      tradingParametersSet: true,
      modeSelected: true,
      onboardingCompleted: true,
    });
    expect(status).toBe(200);
    expect(body.status).toMatchObject({ currentStep: 'mode_selection', onboardingCompleted: true });
  });

  it('POST complete needs the parameters and the mode (not the broker); POST skip always skips', async () => {
    const user = await createUserWithSession(t.db);
    await refused(user, 'POST', 'complete', undefined, 'tradingParametersSet');
    await call(user.token, 'POST', 'parameters', PARAMETERS);
    await refused(user, 'POST', 'complete', undefined, 'modeSelected');
    await call(user.token, 'POST', 'parameters', { tradingMode: 'paper' });
    const done = await call(user.token, 'POST', 'complete');
    expect(done).toEqual({
      status: 200,
      body: {
        success: true,
        status: { ...NEW_STATUS, tradingParametersSet: true, modeSelected: true, onboardingCompleted: true },
      },
    });

    const other = await createUserWithSession(t.db);
    expect(await call(other.token, 'POST', 'skip')).toEqual({
      status: 200,
      body: { success: true, status: { ...NEW_STATUS, onboardingSkipped: true } },
    });
    // One user's progress is not another's.
    expect((await call(other.token, 'GET', 'status')).body.status).toMatchObject({ onboardingCompleted: false });
  });

  it('GraphQL onboardingStatus answers what GET status does', async () => {
    const user = await createUserWithSession(t.db);
    await call(user.token, 'PUT', 'status', { step: 'trading_parameters' });
    await call(user.token, 'POST', 'parameters', PARAMETERS);
    const query = `{ onboardingStatus { currentStep brokerConnected tradingParametersSet modeSelected onboardingCompleted
      onboardingSkipped } }`;
    const result = await graphql<{ onboardingStatus: Record<string, unknown> }>(t.app, query, { token: user.token });
    expect(result.data?.onboardingStatus).toEqual({
      ...NEW_STATUS,
      currentStep: 'trading_parameters',
      tradingParametersSet: true,
    });
    expect(result.data?.onboardingStatus).toEqual((await call(user.token, 'GET', 'status')).body.status);
  });
});
