import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

/** Tuesday 2026-03-10 11:00 EDT (two days after the switch to daylight saving time). */
const NOW = new Date('2026-03-10T15:00:00Z');

const TRADING_MODE = `{
  tradingMode {
    requestedMode effectiveMode canTradeLive
    activeBroker { id name environment isActive isVerified connectionStatus accountId buyingPower portfolioValue }
    brokers { id }
    preferences { riskTolerance maxPositionSize dailyLossLimit }
  }
}`;

const UPDATE_MODE = `mutation Switch($input: TradingModeInput!) {
  updateTradingMode(input: $input) { success mode message error requiresBrokerSetup }
}`;

interface TradingModeData {
  tradingMode: {
    requestedMode: string;
    effectiveMode: string;
    canTradeLive: boolean;
    activeBroker: Record<string, unknown> | null;
    brokers: { id: string }[];
    preferences: { riskTolerance: string; maxPositionSize: number; dailyLossLimit: number };
  };
}

describe.each(drivers)('trading status and mode (%s)', (driver) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(driver, { now: () => NOW });
  });
  afterAll(() => testApp.close());

  const switchMode = (token: string, input: Record<string, unknown>) =>
    graphql<{ updateTradingMode: Record<string, unknown> }>(testApp.app, UPDATE_MODE, { token, variables: { input } });

  it('reports the market from the clock and trading enabled without an emergency stop', async () => {
    const { data, errors } = await graphql(
      testApp.app,
      '{ tradingStatus { tradingEnabled emergencyStop hasCredentials marketStatus nextOpen nextClose activeStrategies } }',
    );
    expect(errors).toBeUndefined();
    expect(data?.tradingStatus).toEqual({
      tradingEnabled: true,
      emergencyStop: false,
      hasCredentials: false,
      marketStatus: 'OPEN',
      nextOpen: '2026-03-11T13:30:00.000Z',
      nextClose: '2026-03-10T20:00:00.000Z',
      activeStrategies: 0,
    });
  });

  it('counts the user’s strategies trading automatically, not another user’s', async () => {
    const user = await createUserWithSession(testApp.db);
    const other = await createUserWithSession(testApp.db);
    const active = async (token: string) =>
      (
        await graphql<{ tradingStatus: { activeStrategies: number } }>(
          testApp.app,
          '{ tradingStatus { activeStrategies } }',
          { token },
        )
      ).data?.tradingStatus.activeStrategies;
    const created = await graphql<{ createStrategy: { id: string } }>(
      testApp.app,
      'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
      { token: user.token, variables: { input: { name: 'Trend', templateId: 'sma-crossover' } } },
    );
    expect(await active(user.token)).toBe(0);
    await graphql(testApp.app, 'mutation A($id: ID!) { activateStrategy(id: $id) { id } }', {
      token: user.token,
      variables: { id: created.data!.createStrategy.id },
    });
    expect(await active(user.token)).toBe(1);
    expect(await active(other.token)).toBe(0);
  });

  it('describes paper mode with the built-in paper broker and the risk preset', async () => {
    const user = await createUserWithSession(testApp.db);
    const { data, errors } = await graphql<TradingModeData>(testApp.app, TRADING_MODE, { token: user.token });
    expect(errors).toBeUndefined();
    expect(data?.tradingMode).toEqual({
      requestedMode: 'paper',
      effectiveMode: 'paper',
      canTradeLive: false,
      activeBroker: {
        id: 'paper',
        name: 'Paper Trading',
        environment: 'paper',
        isActive: true,
        isVerified: true,
        connectionStatus: 'connected',
        accountId: `PAPER-${user.id.slice(0, 8)}`,
        buyingPower: 100_000,
        portfolioValue: 100_000,
      },
      brokers: [{ id: 'paper' }],
      preferences: { riskTolerance: 'moderate', maxPositionSize: 1000, dailyLossLimit: 500 },
    });
  });

  it("gives the paper broker the paper account's buying power and value, as the portfolio reports them", async () => {
    const user = await createUserWithSession(testApp.db);
    const order = await graphql<{ placeOrder: { status: string } }>(
      testApp.app,
      'mutation { placeOrder(input: { symbol: "INTC", side: BUY, type: MARKET, quantity: 3 }) { status } }',
      { token: user.token },
    );
    expect(order.data?.placeOrder.status).toBe('FILLED');
    const { data } = await graphql<{
      tradingMode: { activeBroker: { buyingPower: number; portfolioValue: number; lastSync: string } };
      portfolio: { buyingPower: number; totalValue: number };
    }>(
      testApp.app,
      '{ tradingMode { activeBroker { buyingPower portfolioValue lastSync } } portfolio { buyingPower totalValue } }',
      { token: user.token },
    );
    const broker = data?.tradingMode.activeBroker;
    expect(broker?.buyingPower).toBeLessThan(100_000);
    expect(broker?.buyingPower).toBe(data?.portfolio.buyingPower);
    expect(broker?.portfolioValue).toBe(data?.portfolio.totalValue);
    expect(broker?.lastSync).toBe(NOW.toISOString());
  });

  it('follows the risk tolerance preset', async () => {
    const user = await createUserWithSession(testApp.db);
    await graphql(testApp.app, 'mutation { updatePreferences(input: { riskTolerance: conservative }) { id } }', {
      token: user.token,
    });
    const { data } = await graphql<TradingModeData>(testApp.app, TRADING_MODE, { token: user.token });
    expect(data?.tradingMode.preferences).toEqual({
      riskTolerance: 'conservative',
      maxPositionSize: 500,
      dailyLossLimit: 250,
    });
  });

  it('switches to paper', async () => {
    const user = await createUserWithSession(testApp.db);
    const { data } = await switchMode(user.token, { mode: 'paper', brokerId: 'paper' });
    expect(data?.updateTradingMode).toEqual({
      success: true,
      mode: 'paper',
      message: 'Switched to paper trading',
      error: null,
      requiresBrokerSetup: false,
    });
  });

  it('refuses live without a verified live broker and keeps the stored mode', async () => {
    const user = await createUserWithSession(testApp.db);
    const { data, errors } = await switchMode(user.token, { mode: 'live' });
    expect(errors).toBeUndefined();
    expect(data?.updateTradingMode).toEqual({
      success: false,
      mode: 'paper',
      message: null,
      error: 'Live trading requires a connected and verified live broker account.',
      requiresBrokerSetup: true,
    });
    const after = await graphql<TradingModeData>(testApp.app, TRADING_MODE, { token: user.token });
    expect(after.data?.tradingMode.requestedMode).toBe('paper');
    expect(after.data?.tradingMode.effectiveMode).toBe('paper');
  });

  it('rejects an unknown broker with BAD_USER_INPUT', async () => {
    const user = await createUserWithSession(testApp.db);
    const { data, errors } = await switchMode(user.token, { mode: 'paper', brokerId: 'alpaca-live' });
    expect(data).toBeNull();
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errors?.[0]?.message).toBe('Unknown broker "alpaca-live"');
  });
});
