import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backtestRuns, strategies } from '../../server/db/schema';
import { UNIVERSE } from '../../src/domain/market/universe';
import { canonicalJson, findTemplate } from '../../src/domain/strategies';
import { createTestApp, createUserWithSession, drivers, graphql, type GraphQLResponse, type TestApp } from './helpers';

const METRICS = `totalReturn annualReturn sharpeRatio maxDrawdown winRate totalTrades`;
const REPORT = `objective evaluations winner efficiency positiveOutOfSample meanInSampleScore meanOutOfSampleScore
  inSample { ${METRICS} } outOfSample { ${METRICS} } outOfSampleChained { ${METRICS} } outOfSampleCurve { time value }
  windows { index inSampleFrom inSampleTo outOfSampleFrom outOfSampleTo parameters inSampleScore outOfSampleScore
    inSample { ${METRICS} } outOfSample { ${METRICS} } }
  stability { mostCommon mostCommonShare parameters { name min max relativeSpread relativeStdDev } }`;
const RUN = `id kind strategyId strategyVersion status progress error appliedVersion result { strategyId }
  optimisation { method windows inSampleFraction objective templateId baseParameters parameters { name min max step } }
  report { ${REPORT} }`;
const START = `mutation S($input: OptimisationInput!) { startOptimisation(input: $input) { ${RUN} } }`;
const GET = `query G($id: ID!) { backtestRun(id: $id) { ${RUN} } }`;
const LIST = `query L($strategyId: ID, $kind: BacktestRunKind) { backtestRuns(strategyId: $strategyId, kind: $kind) { id kind } }`;
const CANCEL = `mutation C($id: ID!) { cancelBacktest(id: $id) { ${RUN} } }`;
const APPLY = `mutation A($id: ID!) { applyOptimisation(id: $id) { id version parameters versions { version parameters } } }`;

interface Window {
  parameters: Record<string, number> | null;
  inSample: { sharpeRatio: number | null } | null;
  outOfSample: { sharpeRatio: number | null };
  inSampleTo: string;
  outOfSampleFrom: string;
}
interface Run {
  id: string;
  kind: string;
  status: string;
  progress: number;
  error: string | null;
  appliedVersion: number | null;
  result: unknown;
  optimisation: { method: string; windows: number; templateId: string; baseParameters: Record<string, number> };
  report: {
    evaluations: number;
    winner: Record<string, number> | null;
    windows: Window[];
    inSample: { totalReturn: number } | null;
    outOfSample: { totalReturn: number } | null;
    outOfSampleCurve: { time: string }[];
    stability: { parameters: { name: string }[] };
  } | null;
}

const GRID = {
  method: 'GRID',
  parameters: [
    { name: 'fast', min: 5, max: 15, step: 5 },
    { name: 'slow', min: 20, max: 40, step: 10 },
  ],
  windows: 3,
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)('optimisation runs (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let other: { id: string; token: string };
  let strategyId: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { BACKTEST_WORKERS: '2', OPTIMISATION_MAX_WORK: '500000000' } });
    ({ token, id: userId } = await createUserWithSession(t.db));
    other = await createUserWithSession(t.db);
    const created = await call<{ createStrategy: { id: string } }>(
      `mutation { createStrategy(input: { name: "Opt", templateId: "sma-crossover", symbols: ["SPY", "AAPL"] }) { id } }`,
    );
    strategyId = created.data!.createStrategy.id;
  });
  afterAll(() => t.close());

  function call<T>(query: string, variables: Record<string, unknown> = {}, as = token) {
    return graphql<T>(t.app, query, { token: as, variables });
  }
  const start = (input: Record<string, unknown>, as = token) =>
    call<{ startOptimisation: Run }>(START, { input: { strategyId, ...input } }, as);
  const runRows = () => t.db.select().from(backtestRuns).where(eq(backtestRuns.userId, userId));
  const errorOf = (answer: GraphQLResponse<unknown>) => answer.errors?.[0];
  async function poll(id: string): Promise<Run[]> {
    const seen: Run[] = [];
    for (;;) {
      const run = (await call<{ backtestRun: Run }>(GET, { id })).data!.backtestRun;
      seen.push(run);
      if (!['QUEUED', 'RUNNING'].includes(run.status)) return seen;
      await pause(50);
    }
  }

  it('optimises on worker threads with walk-forward windows, then saves the winner as version + 1', async () => {
    const started = await start(GRID);
    expect(started.errors).toBeUndefined();
    const run = started.data!.startOptimisation;
    expect(run).toMatchObject({ kind: 'OPTIMISATION', result: null, report: null, appliedVersion: null });
    expect(run.optimisation).toMatchObject({ method: 'GRID', windows: 3, templateId: 'sma-crossover' });
    expect(run.optimisation.baseParameters).toEqual({ fast: 20, slow: 50 });
    const seen = await poll(run.id);
    const progress = seen.map((state) => state.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ status: 'DONE', progress: 1, error: null, result: null });
    const report = done.report!;
    // 9 grid points; fast 15 / slow 20 is kept (15 < 20): 9 sets × 3 windows + 3 out-of-sample checks at most.
    expect(report.windows).toHaveLength(3);
    expect(report.evaluations).toBeLessThanOrEqual(9 * 3 + 3);
    for (const w of report.windows) {
      expect(w.inSampleTo < w.outOfSampleFrom).toBe(true);
      if (w.parameters) expect([5, 10, 15]).toContain(w.parameters.fast);
    }
    expect(report.winner).toEqual(report.windows.at(-1)!.parameters);
    expect(report.stability.parameters.map((p) => p.name)).toEqual(['fast', 'slow']);
    expect(report.outOfSampleCurve.length).toBeGreaterThan(0);

    const listed = await call<{ backtestRuns: { id: string }[] }>(LIST, { strategyId, kind: 'OPTIMISATION' });
    expect(listed.data!.backtestRuns.map((r) => r.id)).toEqual([run.id]);
    const backtests = await call<{ backtestRuns: { id: string }[] }>(LIST, { strategyId });
    expect(backtests.data!.backtestRuns).toEqual([]);

    // Another user can neither read nor apply it.
    expect((await call<{ backtestRun: Run | null }>(GET, { id: run.id }, other.token)).data!.backtestRun).toBeNull();
    expect(errorOf(await call(APPLY, { id: run.id }, other.token))?.extensions?.code).toBe('NOT_FOUND');

    expect(report.winner).not.toBeNull();
    const applied = await call<{ applyOptimisation: { version: number; parameters: unknown; versions: unknown[] } }>(
      APPLY,
      { id: run.id },
    );
    expect(applied.errors).toBeUndefined();
    const strategy = applied.data!.applyOptimisation;
    expect(strategy.version).toBe(2);
    expect(strategy.parameters).toEqual(report.winner);
    expect(strategy.versions).toEqual([
      { version: 2, parameters: report.winner },
      { version: 1, parameters: { fast: 20, slow: 50 } },
    ]);
    const after = (await call<{ backtestRun: Run }>(GET, { id: run.id })).data!.backtestRun;
    expect(after.appliedVersion).toBe(2);
  });

  it('cancels a long optimisation at once: CANCELLED without a report, and the pool keeps working', async () => {
    const symbols = UNIVERSE.slice(0, 20).map((instrument) => instrument.symbol);
    const started = await start({
      symbols,
      method: 'EVOLUTIONARY',
      parameters: [{ name: 'fast' }, { name: 'slow' }],
      populationSize: 100,
      generations: 50,
    });
    expect(started.errors).toBeUndefined();
    const id = started.data!.startOptimisation.id;
    const cancelled = await call<{ cancelBacktest: Run }>(CANCEL, { id });
    expect(cancelled.data!.cancelBacktest).toMatchObject({ status: 'CANCELLED', report: null });
    expect(errorOf(await call(APPLY, { id }))?.message).toMatch(/^id: the optimisation is CANCELLED/);
    const next = await start(GRID);
    expect((await poll(next.data!.startOptimisation.id)).at(-1)!.status).toBe('DONE');
    expect((await call<{ backtestRun: Run }>(GET, { id })).data!.backtestRun).toMatchObject({
      status: 'CANCELLED',
      report: null,
    });
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const before = (await runRows()).length;
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...GRID, parameters: [{ name: 'period', min: 5, max: 10 }] }, /^parameters\.0\.name: unknown parameter/],
      [{ ...GRID, parameters: [{ name: 'fast' }, { name: 'fast' }] }, /^parameters\.1\.name: fast is listed twice/],
      [{ ...GRID, parameters: [{ name: 'fast', min: 30, max: 10 }] }, /^parameters\.0\.max: must be at least min/],
      [{ ...GRID, parameters: [{ name: 'fast', min: 1, max: 10 }] }, /^parameters\.0\.min: must be a whole number/],
      [{ ...GRID, parameters: [{ name: 'fast', step: 0.5 }] }, /^parameters\.0\.step: must be a positive whole/],
      [{ ...GRID, parameters: [] }, /^parameters: vary at least one parameter/],
      [
        { ...GRID, parameters: [{ name: 'fast' }, { name: 'slow' }] },
        /^parameters: the grid has [\d,]+ parameter sets/,
      ],
      [
        { ...GRID, parameters: [{ name: 'slow', min: 3, max: 10 }] },
        /^parameters: no set of these ranges keeps the template's rule/,
      ],
      [{ ...GRID, windows: 0 }, /^windows: /],
      [{ ...GRID, windows: 20, from: '2026-06-01T00:00:00.000Z' }, /^windows: \d+ bars shared by every symbol/],
      [{ ...GRID, inSampleFraction: 0.95 }, /^inSampleFraction: /],
      [
        {
          method: 'EVOLUTIONARY',
          parameters: [{ name: 'fast' }],
          symbols: UNIVERSE.slice(0, 50).map((i) => i.symbol),
          populationSize: 200,
          generations: 200,
        },
        /^generations: [\d,]+ bar-evaluations .* more than the 500,000,000/,
      ],
      [{ ...GRID, symbols: ['NOPE'] }, /^symbols\[0\]: Unknown symbol NOPE/],
    ];
    for (const [input, message] of bad) {
      const answer = await start(input);
      expect(errorOf(answer)?.message, JSON.stringify(input)).toMatch(message);
      expect(errorOf(answer)?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const code = canonicalJson(findTemplate('sma-crossover')!.build({}, { symbols: ['SPY'], interval: '1D' }));
    const rules = await call<{ createStrategy: { id: string } }>(
      `mutation C($code: String!) { createStrategy(input: { name: "Rules", code: $code }) { id } }`,
      { code },
    );
    expect(rules.errors).toBeUndefined();
    const noTemplate = await call(START, { input: { ...GRID, strategyId: rules.data!.createStrategy.id } });
    expect(errorOf(noTemplate)?.message).toMatch(/^strategyId: /);
    const foreign = await start(GRID, other.token);
    expect(errorOf(foreign)?.extensions?.code).toBe('NOT_FOUND');
    expect(await runRows()).toHaveLength(before);
  });

  it("refuses to apply a backtest run or an unknown id (NOT_FOUND), and leaves the strategy's version", async () => {
    const backtest = await call<{ startBacktest: { id: string } }>(
      `mutation S($input: EvolveStrategyInput!) { startBacktest(input: $input) { id } }`,
      { input: { strategyId } },
    );
    const [current] = await t.db
      .select({ version: strategies.version })
      .from(strategies)
      .where(eq(strategies.id, strategyId));
    for (const id of [backtest.data!.startBacktest.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(errorOf(await call(APPLY, { id }))?.extensions?.code).toBe('NOT_FOUND');
    }
    const [after] = await t.db
      .select({ version: strategies.version })
      .from(strategies)
      .where(eq(strategies.id, strategyId));
    expect(after!.version).toBe(current!.version);
  });
});
