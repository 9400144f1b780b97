/**
 * Trading parameters (issue 14 point 6) through the app on PGlite and PostgreSQL: read and saved over GraphQL (every
 * bad field named, nothing written), reported by the trading mode, and governing the order path: the max position
 * size, the asset preferences and the account size allocation refuse orders naming the limit and its value, and the
 * strategy runner's orders obey them too.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, preferences } from '../../server/db/schema';
import { canonicalJson, type StrategyDefinition } from '../../src/domain/strategies';
import { MINUTE_MS } from '../../src/domain/market/calendar';
import { ASSET_PREFERENCES_REQUIRED, DEFAULT_TRADING_PARAMETERS } from '../../src/domain/trading/parameters';
import { createUserWithSession, drivers, graphql } from './helpers';
import {
  createTradingTestApp,
  everyBarStrategy,
  placed,
  placeOrder,
  WEDNESDAY_1100,
  type TradingTestApp,
} from './ordersSetup';

const FIELDS = `accountSizeAllocation maxPositionSize dailyLossLimit riskTolerance preferredTradingHours
  assetPreferences tradingMode`;
const READ = `{ tradingParameters { ${FIELDS} } tradingMode { preferences { riskTolerance maxPositionSize dailyLossLimit } } }`;
const UPDATE = `mutation U($input: TradingParametersInput!) { updateTradingParameters(input: $input) { ${FIELDS} } }`;
const SET_RISK = `mutation P($input: PreferencesInput!) { updatePreferences(input: $input) { id } }`;

const OWN = {
  accountSizeAllocation: 100,
  maxPositionSize: 5_000,
  dailyLossLimit: 500,
  riskTolerance: 'moderate',
  preferredTradingHours: 'market_hours',
  assetPreferences: ['stocks', 'etfs'],
};

type Parameters = typeof DEFAULT_TRADING_PARAMETERS;
type Read = { tradingParameters: Parameters; tradingMode: { preferences: Record<string, unknown> } };

describe.each(drivers)('trading parameters (%s)', (driver) => {
  let t: TradingTestApp;
  const subscribed = new Map<string, number>();
  beforeAll(async () => {
    t = await createTradingTestApp(driver, { start: WEDNESDAY_1100 });
    const subscribe = t.market.subscribe.bind(t.market);
    vi.spyOn(t.market, 'subscribe').mockImplementation((symbols, listener) => {
      for (const symbol of symbols) subscribed.set(symbol, (subscribed.get(symbol) ?? 0) + 1);
      return subscribe(symbols, listener);
    });
  });
  afterAll(() => t?.close());

  const read = async (token: string) => (await graphql<Read>(t.app, READ, { token })).data!;
  const update = (token: string, input: Record<string, unknown>) =>
    graphql<{ updateTradingParameters: Parameters }>(t.app, UPDATE, { token, variables: { input } });
  const stored = async (userId: string) =>
    (await t.db.select().from(preferences).where(eq(preferences.userId, userId)))[0];

  it('reads the default profile, saves the user’s own and reports their limits in the trading mode', async () => {
    const user = await createUserWithSession(t.db);
    expect(await read(user.token)).toEqual({
      tradingParameters: DEFAULT_TRADING_PARAMETERS,
      tradingMode: { preferences: { riskTolerance: 'moderate', maxPositionSize: 1_000, dailyLossLimit: 500 } },
    });
    const own = { ...OWN, riskTolerance: 'conservative', assetPreferences: ['etfs', 'options'], dailyLossLimit: 150 };
    const saved = await update(user.token, own);
    expect(saved.data?.updateTradingParameters).toEqual({ ...own, tradingMode: 'paper' });
    expect(await read(user.token)).toEqual({
      tradingParameters: { ...own, tradingMode: 'paper' },
      tradingMode: { preferences: { riskTolerance: 'conservative', maxPositionSize: 5_000, dailyLossLimit: 150 } },
    });
  });

  it('refuses each bad field by name and writes nothing', async () => {
    const user = await createUserWithSession(t.db);
    const before = await stored(user.id);
    for (const [change, field] of [
      [{ accountSizeAllocation: 101 }, 'accountSizeAllocation'],
      [{ maxPositionSize: 99 }, 'maxPositionSize'],
      [{ dailyLossLimit: 75 }, 'dailyLossLimit'],
      [{ assetPreferences: [] }, 'assetPreferences'],
    ] as const) {
      const result = await update(user.token, { ...OWN, ...change });
      expect(result.data).toBeNull();
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    const empty = await update(user.token, { ...OWN, assetPreferences: [] });
    expect(empty.errors?.[0]?.message).toBe(ASSET_PREFERENCES_REQUIRED);
    // GraphQL's own validation: an unknown enum value.
    expect((await update(user.token, { ...OWN, preferredTradingHours: 'night' })).errors).toHaveLength(1);
    expect(await stored(user.id)).toEqual(before);
  });

  it('lets the limits follow the risk tolerance until the user sets their own; then it is only the label', async () => {
    const user = await createUserWithSession(t.db);
    await graphql(t.app, SET_RISK, { token: user.token, variables: { input: { riskTolerance: 'aggressive' } } });
    expect((await read(user.token)).tradingParameters).toMatchObject({ maxPositionSize: 2_000, dailyLossLimit: 1_000 });
    await update(user.token, OWN);
    await graphql(t.app, SET_RISK, { token: user.token, variables: { input: { riskTolerance: 'conservative' } } });
    expect((await read(user.token)).tradingParameters).toMatchObject({
      riskTolerance: 'conservative',
      maxPositionSize: 5_000,
      dailyLossLimit: 500,
    });
  });

  it('refuses 10 AAPL under the moderate preset, naming the limit, and accepts it with a max position of $5,000', async () => {
    const user = await createUserWithSession(t.db);
    const order = { symbol: 'AAPL', side: 'BUY', type: 'MARKET', quantity: 10 };
    expect(t.market.getQuote('AAPL')!.ask * 10).toBeGreaterThan(1_000);
    expect(t.market.getQuote('AAPL')!.ask * 10).toBeLessThan(5_000);
    const refused = await placeOrder(t.app, order, user.token);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Order exceeds your max position size of $1,000.00.',
      extensions: { code: 'max_position_size_exceeded', limit: { cents: 1_000_00 } },
    });
    await update(user.token, OWN);
    expect(await placed(t.app, order, user.token)).toMatchObject({ status: 'FILLED', quantity: 10 });
  });

  it('refuses buying an asset type the user excluded, but lets them sell what they hold', async () => {
    const user = await createUserWithSession(t.db);
    await placed(t.app, { symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 1 }, user.token);
    await update(user.token, { ...OWN, assetPreferences: ['stocks'] });
    const refused = await placeOrder(t.app, { symbol: 'SPY', side: 'BUY', type: 'MARKET', quantity: 1 }, user.token);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'ETFs are excluded by your asset preferences.',
      extensions: { code: 'asset_type_excluded' },
    });
    await placed(t.app, { symbol: 'AAPL', side: 'BUY', type: 'MARKET', quantity: 1 }, user.token);
    await placed(t.app, { symbol: 'SPY', side: 'SELL', type: 'MARKET', quantity: 1 }, user.token);
  });

  it('keeps what buys leave invested within the account size allocation', async () => {
    const user = await createUserWithSession(t.db);
    // 10% of the $100,000 starting equity: $10,000, with a max position size above it.
    await update(user.token, { ...OWN, accountSizeAllocation: 10, maxPositionSize: 50_000 });
    const ask = t.market.getQuote('AAPL')!.ask;
    const fits = Math.floor(9_000 / ask);
    await placed(t.app, { symbol: 'AAPL', side: 'BUY', type: 'MARKET', quantity: fits }, user.token);
    const more = Math.ceil(2_000 / ask);
    const refused = await placeOrder(
      t.app,
      { symbol: 'MSFT', side: 'BUY', type: 'MARKET', quantity: more },
      user.token,
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: "Order exceeds your account size allocation of 10% of the account's equity.",
      extensions: { code: 'allocation_exceeded' },
    });
  });

  it('holds the strategy runner’s orders to the user’s limits', async () => {
    const user = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const activate = async (token: string, name: string, definition: StrategyDefinition) => {
      const created = await graphql<{ createStrategy: { id: string } }>(
        t.app,
        'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
        { token, variables: { input: { name, code: canonicalJson(definition) } } },
      );
      const id = created.data!.createStrategy.id;
      await graphql(t.app, 'mutation A($id: ID!) { activateStrategy(id: $id) { isActive } }', {
        token,
        variables: { id },
      });
      return id;
    };
    const limited = await activate(user.token, 'Ten AAPL', everyBarStrategy(['AAPL'], 10));
    // Picked up after the first, so its AAPL bar is handled after the first's: its order proves that bar was handled.
    const control = await activate(other.token, 'Control', everyBarStrategy(['AAPL', 'QQQ'], 1));
    await vi.waitFor(() => expect(subscribed.get('QQQ')).toBe(1), { timeout: 15_000 });
    const ordersOf = (strategyId: string) =>
      t.db
        .select()
        .from(orders)
        .where(and(eq(orders.strategyId, strategyId), eq(orders.symbol, 'AAPL')));
    const crossMinute = () => t.tick(MINUTE_MS - (t.clock() % MINUTE_MS) + 1000);

    // A bar closes when a quote's minute differs from the previous quote's.
    t.tick(1000);
    crossMinute();
    await expect.poll(async () => (await ordersOf(control)).length, { timeout: 15_000, interval: 50 }).toBe(1);
    expect(await ordersOf(limited)).toEqual([]);

    await update(user.token, OWN);
    crossMinute();
    await expect.poll(async () => (await ordersOf(limited)).length, { timeout: 15_000, interval: 50 }).toBe(1);
    expect((await ordersOf(limited))[0]).toMatchObject({ side: 'BUY', quantity: 10, status: 'FILLED' });
  });
});
