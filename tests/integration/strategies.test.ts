import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strategies } from '../../server/db/schema';
import { canonicalJson, STRATEGY_TEMPLATES } from '../../src/domain/strategies';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const FIELDS = `id name description code category templateId parameters symbols interval version isActive tags
  riskLevel timeHorizon expectedReturn successRate marketConditions assetClasses createdAt updatedAt
  performance { from to lastUpdated metrics { totalReturn sharpeRatio maxDrawdown winRate totalTrades } }`;

interface Strategy {
  id: string;
  name: string;
  code: string | null;
  category: string;
  templateId: string | null;
  parameters: Record<string, number> | null;
  symbols: string[];
  version: number;
  isActive: boolean;
  expectedReturn: number | null;
  successRate: number | null;
  performance: { from: string; to: string; metrics: { totalTrades: number } } | null;
}

const CREATE = `mutation C($input: CreateStrategyInput!) { createStrategy(input: $input) { ${FIELDS} } }`;
const EVOLVE = `mutation E($input: EvolveStrategyInput!) { evolveStrategy(input: $input) {
  strategyId symbols from to initialCapital
  metrics { totalReturn sharpeRatio maxDrawdown winRate totalTrades profitFactor volatility }
  benchmarkMetrics { totalReturn }
  equityCurve { time value } drawdownCurve { time value } benchmarkCurve { time value }
  trades { symbol entryTime exitTime entryPrice exitPrice quantity pnl return holdingBars entryReason exitReason }
} }`;

const smaCode = (symbols: string[]) =>
  canonicalJson(
    STRATEGY_TEMPLATES.find((t) => t.id === 'sma-crossover')!.build({ fast: 5, slow: 20 }, { symbols, interval: '1D' }),
  );

describe.each(drivers)('strategies (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    ({ token, id: userId } = await createUserWithSession(t.db));
  });
  afterAll(() => t.close());

  const call = <T>(query: string, variables: Record<string, unknown> = {}, as = token) =>
    graphql<T>(t.app, query, { token: as, variables });
  const create = (input: Record<string, unknown>, as = token) =>
    call<{ createStrategy: Strategy }>(CREATE, { input }, as);
  const stored = () => t.db.select().from(strategies).where(eq(strategies.userId, userId));
  const errorOf = (answer: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) =>
    answer.errors?.[0];

  it('lists the templates and creates a strategy from each with its defaults', async () => {
    const templates = await call<{
      strategyTemplates: { id: string; parameters: { name: string; default: number }[] }[];
    }>(
      '{ strategyTemplates { id name category riskLevel timeHorizon tags parameters { name label type default min max step description } } }',
    );
    expect(templates.data?.strategyTemplates.map((x) => x.id)).toEqual(STRATEGY_TEMPLATES.map((x) => x.id));
    for (const template of STRATEGY_TEMPLATES) {
      const answer = await create({ name: `T ${template.id}`, templateId: template.id });
      expect(answer.errors, template.id).toBeUndefined();
      const strategy = answer.data!.createStrategy;
      expect(strategy).toMatchObject({
        templateId: template.id,
        category: template.category,
        symbols: ['SPY'],
        version: 1,
        isActive: false,
        performance: null,
        expectedReturn: null,
        successRate: null,
        parameters: Object.fromEntries(template.parameters.map((p) => [p.name, p.default])),
      });
      expect(strategy.code).toBe(canonicalJson(template.build({}, { symbols: ['SPY'], interval: '1D' })));
    }
  });

  it('creates a strategy from code', async () => {
    const answer = await create({ name: 'Coded', code: smaCode(['AAPL', 'MSFT']) });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.createStrategy).toMatchObject({
      category: 'custom',
      templateId: null,
      symbols: ['AAPL', 'MSFT'],
    });
  });

  it('names the bad field and writes nothing', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', templateId: 'nope' }, 'templateId'],
      [{ name: 'x', templateId: 'sma-crossover', parameters: { fast: 1 } }, 'parameters.fast'],
      [{ name: 'x', templateId: 'sma-crossover', parameters: { fast: 30, slow: 20 } }, 'parameters.slow'],
      [{ name: 'x', code: smaCode(['SPY']).replace('"sma"', '"magic"') }, 'code.entry.conditions[0]'],
      [{ name: 'x', code: '{not json' }, 'code'],
      [{ name: 'x', templateId: 'sma-crossover', symbols: Array.from({ length: 51 }, (_, i) => `S${i}`) }, 'symbols'],
      [{ name: 'x', templateId: 'sma-crossover', symbols: ['ZZZZQ'] }, 'symbols[0]'],
      // Named by its place as sent, not in the sorted list.
      [{ name: 'x', templateId: 'sma-crossover', symbols: ['SPY', 'aaaaq'] }, 'symbols[1]'],
      [{ name: 'x', code: smaCode(['SPY', 'AAAAQ']) }, 'code.symbols[1]'],
      [{ name: 'Coded', code: smaCode(['SPY']) }, 'name'],
    ];
    for (const [input, field] of cases) {
      const error = errorOf(await create(input));
      expect(error?.extensions?.code, field).toBe('BAD_USER_INPUT');
      expect(error?.message, field).toContain(`${field}`);
    }
    expect((await stored()).length).toBe(before);
  });

  it('filters and limits the list; another user sees nothing and gets NOT_FOUND', async () => {
    const list = (variables: Record<string, unknown>, as = token) =>
      call<{ strategies: Strategy[] }>(
        'query L($limit: Int, $category: String, $isActive: Boolean) { strategies(limit: $limit, category: $category, isActive: $isActive) { id category isActive } }',
        variables,
        as,
      );
    const all = (await list({})).data!.strategies;
    expect(all.length).toBe(STRATEGY_TEMPLATES.length + 1);
    expect((await list({ limit: 2 })).data!.strategies).toHaveLength(2);
    expect((await list({ category: 'trend' })).data!.strategies.every((s) => s.category === 'trend')).toBe(true);
    expect((await list({ isActive: true })).data!.strategies).toEqual([]);
    expect(errorOf(await list({ limit: 51 }))?.extensions?.code).toBe('BAD_USER_INPUT');

    const other = await createUserWithSession(t.db);
    expect((await list({}, other.token)).data!.strategies).toEqual([]);
    const id = all[0]!.id;
    const seen = await call<{ strategy: Strategy | null }>(
      'query S($id: ID!) { strategy(id: $id) { id } }',
      { id },
      other.token,
    );
    expect(seen.data?.strategy).toBeNull();
    for (const mutation of [
      'deleteStrategy(id: $id)',
      'deactivateStrategy(id: $id) { id }',
      'activateStrategy(id: $id) { id }',
    ]) {
      const answer = await call(`mutation M($id: ID!) { ${mutation} }`, { id }, other.token);
      expect(errorOf(answer)?.extensions?.code, mutation).toBe('NOT_FOUND');
    }
    const update = await call(
      'mutation U($id: ID!) { updateStrategy(id: $id, input: { name: "mine" }) { id } }',
      { id },
      other.token,
    );
    expect(errorOf(update)?.extensions?.code).toBe('NOT_FOUND');
  });

  it('bumps the version on a definition change only, and deletes', async () => {
    const created = (await create({ name: 'Tuned', templateId: 'sma-crossover' })).data!.createStrategy;
    const update = (id: string, input: Record<string, unknown>) =>
      call<{ updateStrategy: Strategy }>(
        `mutation U($id: ID!, $input: UpdateStrategyInput!) { updateStrategy(id: $id, input: $input) { ${FIELDS} } }`,
        { id, input },
      );
    const renamed = await update(created.id, { name: 'Tuned 2' });
    expect(renamed.data?.updateStrategy).toMatchObject({ name: 'Tuned 2', version: 1 });
    const tuned = await update(created.id, { parameters: { fast: 10 } });
    expect(tuned.data?.updateStrategy).toMatchObject({ version: 2, parameters: { fast: 10, slow: 50 } });
    const bad = await update(created.id, { parameters: { fast: 0 } });
    expect(errorOf(bad)?.message).toContain('parameters.fast');

    const deleted = await call<{ deleteStrategy: boolean }>('mutation D($id: ID!) { deleteStrategy(id: $id) }', {
      id: created.id,
    });
    expect(deleted.data?.deleteStrategy).toBe(true);
    const again = await call('mutation D($id: ID!) { deleteStrategy(id: $id) }', { id: created.id });
    expect(errorOf(again)?.extensions?.code).toBe('NOT_FOUND');
  });

  it('activates a strategy with rules, refuses one without, and deactivates', async () => {
    const created = (await create({ name: 'Runner', templateId: 'sma-crossover' })).data!.createStrategy;
    const activated = await call<{ activateStrategy: Strategy }>(
      'mutation A($id: ID!) { activateStrategy(id: $id) { id isActive } }',
      { id: created.id },
    );
    expect(activated.errors).toBeUndefined();
    expect(activated.data?.activateStrategy).toEqual({ id: created.id, isActive: true });
    const [row] = await t.db.select().from(strategies).where(eq(strategies.id, created.id));
    expect(row?.isActive).toBe(true);

    // A strategy the assistant created by name has no rules: nothing to trade.
    const [bare] = await t.db.insert(strategies).values({ userId, name: 'By name' }).returning();
    const refused = await call('mutation A($id: ID!) { activateStrategy(id: $id) { id } }', { id: bare!.id });
    expect(errorOf(refused)?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errorOf(refused)?.message).toMatch(/no rules yet/);
    const [still] = await t.db.select().from(strategies).where(eq(strategies.id, bare!.id));
    expect(still?.isActive).toBe(false);

    const deactivated = await call<{ deactivateStrategy: Strategy }>(
      'mutation A($id: ID!) { deactivateStrategy(id: $id) { isActive } }',
      { id: created.id },
    );
    expect(deactivated.data?.deactivateStrategy.isActive).toBe(false);
  });

  it('backtests a strategy with evolveStrategy and stores the metrics on it', async () => {
    const created = (await create({ name: 'Backtested', code: smaCode(['AAPL', 'SPY']) })).data!.createStrategy;
    const answer = await call<{
      evolveStrategy: {
        strategyId: string;
        from: string;
        to: string;
        metrics: { totalReturn: number; totalTrades: number; winRate: number };
        equityCurve: { time: string; value: number }[];
        drawdownCurve: { value: number }[];
        benchmarkCurve: { value: number }[];
        trades: { symbol: string; pnl: number }[];
      };
    }>(EVOLVE, { input: { strategyId: created.id, initialCapital: 50_000, commissionCents: 100, slippageBps: 5 } });
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.evolveStrategy;
    expect(result.strategyId).toBe(created.id);
    expect(result.equityCurve.length).toBeGreaterThan(100);
    expect(result.drawdownCurve).toHaveLength(result.equityCurve.length);
    expect(result.benchmarkCurve).toHaveLength(result.equityCurve.length);
    expect(result.drawdownCurve.every((p) => p.value <= 0)).toBe(true);
    expect(result.trades.length).toBe(result.metrics.totalTrades);
    expect(result.trades.length).toBeGreaterThan(0);
    const last = result.equityCurve.at(-1)!.value;
    expect(result.metrics.totalReturn).toBeCloseTo(last / 50_000 - 1, 9);

    const read = await call<{ strategy: Strategy }>(`query S($id: ID!) { strategy(id: $id) { ${FIELDS} } }`, {
      id: created.id,
    });
    const strategy = read.data!.strategy;
    expect(strategy.performance).toMatchObject({ from: result.from, to: result.to });
    expect(strategy.performance?.metrics.totalTrades).toBe(result.metrics.totalTrades);
    expect(strategy.successRate).toBe(result.metrics.winRate);
    expect(strategy.expectedReturn).not.toBeNull();
  });

  it('backtests inline code and refuses bad ranges and inputs', async () => {
    const inline = await call<{ evolveStrategy: { strategyId: string | null; equityCurve: unknown[] } }>(EVOLVE, {
      input: { code: smaCode(['MSFT']) },
    });
    expect(inline.errors).toBeUndefined();
    expect(inline.data?.evolveStrategy.strategyId).toBeNull();
    const refusals: [Record<string, unknown>, string][] = [
      [{ code: smaCode(['MSFT']), from: '1990-01-01T00:00:00Z', to: '1990-02-01T00:00:00Z' }, 'from'],
      [{ code: smaCode(['MSFT']), initialCapital: 0 }, 'initialCapital'],
      [{ code: smaCode(['MSFT']), symbols: Array.from({ length: 51 }, (_, i) => `S${i}`) }, 'symbols'],
      [{ code: smaCode(['MSFT']).replace('"sma"', '"magic"') }, 'code.entry'],
      [{}, 'strategyId'],
    ];
    for (const [input, field] of refusals) {
      const error = errorOf(await call(EVOLVE, { input }));
      expect(error?.extensions?.code, field).toBe('BAD_USER_INPUT');
      expect(error?.message, field).toContain(field);
    }
  });
});
