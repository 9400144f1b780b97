// strategyPerformance (spec §7, issue 13 point 6) through the app: a strategy's own fills of the period (written as
// the paper engine writes them, at chosen prices) become its live metrics, trade count and daily equity curve,
// beside a backtest of its definition over the same period; another user's id is null (as strategy(id)); bad dates
// are BAD_USER_INPUT naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strategies } from '../../server/db/schema';
import { canonicalJson, STRATEGY_TEMPLATES } from '../../src/domain/strategies';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, insertFilledOrder, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

const DAY = 86_400_000;
const METRICS = 'totalReturn annualReturn sharpeRatio maxDrawdown winRate totalTrades profitFactor exposure';
const PERFORMANCE = `query P($id: ID!, $startDate: DateTime, $endDate: DateTime) {
  strategyPerformance(id: $id, startDate: $startDate, endDate: $endDate) {
    strategyId from to trades live { ${METRICS} } backtest { ${METRICS} } equityCurve { time value }
  }
}`;

interface Metrics {
  totalReturn: number;
  winRate: number;
  totalTrades: number;
  exposure: number;
}
interface Report {
  strategyId: string;
  from: string;
  to: string;
  trades: number;
  live: Metrics;
  backtest: Metrics | null;
  equityCurve: { time: string; value: number }[];
}

const smaCode = canonicalJson(
  STRATEGY_TEMPLATES.find((t) => t.id === 'sma-crossover')!.build(
    { fast: 5, slow: 20 },
    { symbols: ['AAPL'], interval: '1D' },
  ),
);

describe.each(drivers)('strategyPerformance (%s)', (driver) => {
  let t: TradingTestApp;
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  const period = {
    startDate: new Date(WEDNESDAY_1100 - 30 * DAY).toISOString(),
    endDate: new Date(WEDNESDAY_1100).toISOString(),
  };

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    user = await createUserWithSession(t.db);
    other = await createUserWithSession(t.db);
  });
  afterAll(() => t.close());

  const performance = (variables: Record<string, unknown>, token = user.token) =>
    graphql<{ strategyPerformance: Report | null }>(t.app, PERFORMANCE, { token, variables });

  /** A strategy from `code`, or without rules (as the assistant creates one by name). */
  async function strategy(name: string, code?: string): Promise<string> {
    if (!code) {
      const [row] = await t.db.insert(strategies).values({ userId: user.id, name }).returning();
      return row!.id;
    }
    const created = await graphql<{ createStrategy: { id: string } }>(
      t.app,
      'mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { id } }',
      { token: user.token, variables: { input: { name, code } } },
    );
    if (!created.data) throw new Error(JSON.stringify(created.errors));
    return created.data.createStrategy.id;
  }

  /** One filled order of the strategy: its order and its fill, as the engine writes them. */
  const fill = (strategyId: string, side: 'BUY' | 'SELL', quantity: number, priceCents: number, at: number) =>
    insertFilledOrder(t.db, { userId: user.id, side, quantity, priceCents, at, strategyId });

  it('measures the strategy’s own round trips beside a backtest of its definition', async () => {
    const winner = await strategy('Winner', smaCode);
    const loser = await strategy('Loser');
    await fill(winner, 'BUY', 10, 10_000, WEDNESDAY_1100 - 10 * DAY);
    await fill(winner, 'SELL', 10, 11_000, WEDNESDAY_1100 - 5 * DAY);
    await fill(loser, 'BUY', 5, 10_000, WEDNESDAY_1100 - 10 * DAY);
    await fill(loser, 'SELL', 5, 9_000, WEDNESDAY_1100 - 5 * DAY);
    // Outside the period: not counted.
    await fill(winner, 'BUY', 1, 10_000, WEDNESDAY_1100 - 40 * DAY);

    const won = (await performance({ id: winner, ...period })).data!.strategyPerformance!;
    expect(won).toMatchObject({ strategyId: winner, from: period.startDate, to: period.endDate, trades: 2 });
    expect(won.live).toMatchObject({ totalTrades: 1, winRate: 1 });
    // Capital base: the 1,000 dollars it put in; the realised 100 dollars is 10 %.
    expect(won.live.totalReturn).toBeCloseTo(0.1, 9);
    expect(won.live.exposure).toBeGreaterThan(0);
    expect(won.equityCurve.length).toBeGreaterThan(15);
    expect(won.equityCurve.at(-1)!.value).toBeCloseTo(1100, 6);
    expect(won.backtest).not.toBeNull();
    expect(won.backtest!.totalReturn).toEqual(expect.any(Number));

    const lost = (await performance({ id: loser, ...period })).data!.strategyPerformance!;
    expect(lost.trades).toBe(2);
    expect(lost.live.totalReturn).toBeLessThan(0);
    expect(lost.live.winRate).toBe(0);
    // No definition, no backtest; no symbols of its own but the ones it traded.
    expect(lost.backtest).toBeNull();

    // The default period is the year up to now.
    expect((await performance({ id: winner })).data!.strategyPerformance!.trades).toBe(3);
  });

  it('is null for another user’s strategy and refuses bad dates naming the field', async () => {
    const id = await strategy('Mine');
    const foreign = await performance({ id, ...period }, other.token);
    expect(foreign.errors).toBeUndefined();
    expect(foreign.data?.strategyPerformance).toBeNull();

    const reversed = await performance({ id, startDate: period.endDate, endDate: period.startDate });
    expect(reversed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(reversed.errors?.[0]?.message).toMatch(/^endDate: /);

    const tooLong = await performance({ id, startDate: '1990-01-01T00:00:00Z', endDate: period.endDate });
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(tooLong.errors?.[0]?.message).toMatch(/^startDate: /);

    const future = await performance({ id, endDate: '2100-01-01T00:00:00Z' });
    expect(future.errors?.[0]?.message).toMatch(/endDate: must not be in the future/);

    const garbled = await performance({ id, startDate: 'yesterday' });
    expect(garbled.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
