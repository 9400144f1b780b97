import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/client';
import { backtestRuns } from '../../server/db/schema';
import { UNIVERSE } from '../../src/domain/market/universe';
import { canonicalJson, STRATEGY_TEMPLATES } from '../../src/domain/strategies';
import { createTestApp, createUserWithSession, drivers, graphql, type GraphQLResponse, type TestApp } from './helpers';
import { createScratchDatabase } from './scratchDatabase';

const RESULT = `strategyId symbols from to initialCapital
  metrics { totalReturn sharpeRatio maxDrawdown winRate totalTrades profitFactor volatility }
  benchmarkMetrics { totalReturn sharpeRatio }
  equityCurve { time value } drawdownCurve { time value } benchmarkCurve { time value }
  trades { symbol entryTime exitTime entryPrice exitPrice quantity pnl return holdingBars entryReason exitReason }`;
const RUN = `id strategyId strategyVersion status progress symbols from to initialCapital commissionCents slippageBps
  createdAt finishedAt error tradesTotal result { ${RESULT} }`;
const START = `mutation S($input: EvolveStrategyInput!) { startBacktest(input: $input) { ${RUN} } }`;
const CANCEL = `mutation C($id: ID!) { cancelBacktest(id: $id) { ${RUN} } }`;
const GET = `query G($id: ID!) { backtestRun(id: $id) { ${RUN} } }`;
const LIST = `query L($strategyId: ID, $limit: Int) { backtestRuns(strategyId: $strategyId, limit: $limit) { ${RUN} } }`;
const EVOLVE = `mutation E($input: EvolveStrategyInput!) { evolveStrategy(input: $input) { ${RESULT} } }`;

interface Run {
  id: string;
  strategyId: string | null;
  strategyVersion: number | null;
  status: string;
  progress: number;
  symbols: string[];
  error: string | null;
  tradesTotal: number | null;
  result: { trades: unknown[]; equityCurve: { time: string }[] } | null;
}

const ALL_SYMBOLS = UNIVERSE.slice(0, 50).map((instrument) => instrument.symbol);
const smaCode = (symbols: string[]) =>
  canonicalJson(
    STRATEGY_TEMPLATES.find((t) => t.id === 'sma-crossover')!.build({ fast: 5, slow: 20 }, { symbols, interval: '1D' }),
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)('backtest runs (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let other: { id: string; token: string };
  let strategyId: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { BACKTEST_WORKERS: '2' } });
    ({ token, id: userId } = await createUserWithSession(t.db));
    other = await createUserWithSession(t.db);
    const created = await call<{ createStrategy: { id: string } }>(
      `mutation { createStrategy(input: { name: "Runs", templateId: "sma-crossover", symbols: ["SPY", "AAPL"] }) { id } }`,
    );
    strategyId = created.data!.createStrategy.id;
  });
  afterAll(() => t.close());

  function call<T>(query: string, variables: Record<string, unknown> = {}, as = token) {
    return graphql<T>(t.app, query, { token: as, variables });
  }
  const start = (input: Record<string, unknown>, as = token) => call<{ startBacktest: Run }>(START, { input }, as);
  const rows = () => t.db.select().from(backtestRuns).where(eq(backtestRuns.userId, userId));
  /** Polls the run until it is finished; returns every state seen. */
  async function poll(id: string): Promise<Run[]> {
    const seen: Run[] = [];
    for (;;) {
      const answer = await call<{ backtestRun: Run }>(GET, { id });
      const run = answer.data!.backtestRun;
      seen.push(run);
      if (!['QUEUED', 'RUNNING'].includes(run.status)) return seen;
      await pause(50);
    }
  }
  const errorOf = (answer: GraphQLResponse<unknown>) => answer.errors?.[0];

  it("runs a strategy's backtest on worker threads: polled to DONE, the same result as evolveStrategy", async () => {
    // A past `to`: while the market is open today's bar moves between the two runs, which then differ.
    const input = {
      strategyId,
      from: '2024-01-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
      commissionCents: 100,
      slippageBps: 5,
    };
    const started = await start(input);
    expect(started.errors).toBeUndefined();
    const run = started.data!.startBacktest;
    expect(run).toMatchObject({ strategyId, strategyVersion: 1, symbols: ['AAPL', 'SPY'], commissionCents: 100 });
    expect(['QUEUED', 'RUNNING']).toContain(run.status);
    const seen = await poll(run.id);
    const progress = seen.map((state) => state.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ status: 'DONE', progress: 1, error: null });
    const strategy = await call<{ strategy: { performance: { from: string; to: string } | null } }>(
      `query Q($id: ID!) { strategy(id: $id) { performance { from to } } }`,
      { id: strategyId },
    );
    expect(strategy.data!.strategy.performance).toEqual({
      from: done.result!.equityCurve[0]!.time,
      to: done.result!.equityCurve.at(-1)!.time,
    });
    const evolved = await call<{ evolveStrategy: unknown }>(EVOLVE, { input });
    expect(done.result).toEqual(evolved.data!.evolveStrategy);
    expect(done.tradesTotal).toBe(done.result!.trades.length);

    const listed = await call<{ backtestRuns: Run[] }>(LIST, { strategyId });
    expect(listed.data!.backtestRuns.map((r) => r.id)).toEqual([run.id]);
  });

  it('cancels a long run: CANCELLED without a result, and the pool keeps working', async () => {
    const started = await start({ code: smaCode(ALL_SYMBOLS) });
    expect(started.errors).toBeUndefined();
    const id = started.data!.startBacktest.id;
    const cancelled = await call<{ cancelBacktest: Run }>(CANCEL, { id });
    expect(cancelled.data!.cancelBacktest).toMatchObject({ status: 'CANCELLED', result: null });
    const next = await start({ code: smaCode(['MSFT']) });
    expect((await poll(next.data!.startBacktest.id)).at(-1)!.status).toBe('DONE');
    const after = await call<{ backtestRun: Run }>(GET, { id });
    expect(after.data!.backtestRun).toMatchObject({ status: 'CANCELLED', result: null, tradesTotal: null });
    const again = await call<{ cancelBacktest: Run }>(CANCEL, { id });
    expect(again.data!.cancelBacktest.status).toBe('CANCELLED');
  });

  it("answers another user's run as null, NOT_FOUND to cancel, and lists only the user's own", async () => {
    const [mine] = await rows();
    const read = await call<{ backtestRun: Run | null }>(GET, { id: mine!.id }, other.token);
    expect(read.errors).toBeUndefined();
    expect(read.data!.backtestRun).toBeNull();
    const cancel = await call(CANCEL, { id: mine!.id }, other.token);
    expect(errorOf(cancel)?.extensions?.code).toBe('NOT_FOUND');
    const listed = await call<{ backtestRuns: Run[] }>(LIST, {}, other.token);
    expect(listed.data!.backtestRuns).toEqual([]);
    const own = await call<{ backtestRuns: Run[] }>(LIST, { limit: 50 });
    expect(own.data!.backtestRuns).toHaveLength((await rows()).length);
    expect(errorOf(await call(LIST, { limit: 51 }))?.message).toMatch(/^limit:/);
    expect(errorOf(await call(CANCEL, { id: 'not-an-id' }))?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const before = (await rows()).length;
    const unknown = await start({ strategyId: '00000000-0000-4000-8000-000000000000' });
    expect(errorOf(unknown)?.extensions?.code).toBe('NOT_FOUND');
    const ofOther = await start({ strategyId }, other.token);
    expect(errorOf(ofOther)?.extensions?.code).toBe('NOT_FOUND');
    const tooMany = await start({ code: smaCode(['SPY']), symbols: UNIVERSE.slice(0, 51).map((i) => i.symbol) });
    expect(errorOf(tooMany)?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errorOf(tooMany)?.message).toMatch(/symbols/);
    const noBars = await start({ strategyId, from: '2001-01-01T00:00:00.000Z', to: '2001-02-01T00:00:00.000Z' });
    expect(errorOf(noBars)?.message).toMatch(/^from: no daily bars/);
    expect((await rows()).length).toBe(before);
  });

  it('allows two unfinished runs per user; a run whose server stopped beating reads FAILED and no longer counts', async () => {
    const stale = new Date(Date.now() - 120_000);
    const base = { userId, symbols: ['SPY'], from: new Date(), to: new Date(), initialCapital: 1, commissionCents: 0 };
    const arranged = await t.db
      .insert(backtestRuns)
      .values([0, 1].map(() => ({ ...base, slippageBps: 0, definition: '{}', status: 'RUNNING' as const })))
      .returning({ id: backtestRuns.id });
    const refused = await start({ code: smaCode(['SPY']) });
    expect(errorOf(refused)?.extensions?.code).toBe('too_many_requests');
    expect(errorOf(refused)?.message).toMatch(/2 backtests running/);
    await t.db.update(backtestRuns).set({ updatedAt: stale }).where(eq(backtestRuns.id, arranged[0]!.id));
    const read = await call<{ backtestRun: Run }>(GET, { id: arranged[0]!.id });
    expect(read.data!.backtestRun).toMatchObject({ status: 'FAILED', error: 'interrupted (server restarted)' });
    const allowed = await start({ code: smaCode(['SPY']) });
    expect(allowed.errors).toBeUndefined();
    await poll(allowed.data!.startBacktest.id);
    await t.db.update(backtestRuns).set({ status: 'CANCELLED' }).where(eq(backtestRuns.id, arranged[1]!.id));
  });
});

describe.each(drivers)('backtest run limits (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { BACKTEST_MAX_BARS: '1000', BACKTESTS_PER_HOUR: '2' } });
    ({ token } = await createUserWithSession(t.db));
  });
  afterAll(() => t.close());
  const start = (input: Record<string, unknown>) =>
    graphql<{ startBacktest: { id: string } }>(t.app, START, { token, variables: { input } });

  it('refuses more bars than BACKTEST_MAX_BARS naming symbols, or from with a range', async () => {
    const all = await start({ code: smaCode(['SPY', 'AAPL']) });
    expect(all.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(all.errors?.[0]?.message).toMatch(/^symbols: .* more than the 1,000 one backtest may run/);
    const ranged = await start({ code: smaCode(['SPY', 'AAPL']), from: '2020-01-01T00:00:00.000Z' });
    expect(ranged.errors?.[0]?.message).toMatch(/^from: /);
    const evolved = await graphql(t.app, EVOLVE, { token, variables: { input: { code: smaCode(['SPY', 'AAPL']) } } });
    expect(evolved.errors?.[0]?.message).toMatch(/^symbols: .* more than the 1,000/);
    expect(await t.db.select().from(backtestRuns)).toEqual([]);
  });

  it('refuses more runs per hour than BACKTESTS_PER_HOUR', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await start({ code: smaCode(['SPY']), from: '2026-01-01T00:00:00.000Z' });
      expect(answer.errors).toBeUndefined();
      await t.db.update(backtestRuns).set({ status: 'DONE' }).where(eq(backtestRuns.id, answer.data!.startBacktest.id));
    }
    const refused = await start({ code: smaCode(['SPY']), from: '2026-01-01T00:00:00.000Z' });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'too_many_requests' });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backtest runs across two servers on one database (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const apps: { app: FastifyInstance; close: () => Promise<void> }[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'backtests');
    // One after the other: the first applies the migrations.
    for (const workers of ['1', '2']) {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: IN_MEMORY_DATA_DIR,
        STATIC_DIR: '/nonexistent-static-dir',
        DATABASE_URL: scratch.url,
        BACKTEST_WORKERS: workers,
      });
      const database = await createDatabase(config, console);
      const app = await buildApp({ config, database });
      apps.push({ app, close: async () => (await app.close(), await database.close()) });
    }
  });
  afterAll(async () => {
    for (const { close } of apps.splice(0)) await close();
    await scratch?.drop();
  });
  const on = <T>(i: number, query: string, variables: Record<string, unknown>) =>
    graphql<T>(apps[i]!.app, query, { variables });

  it('runs on the server it was started on, is read and cancelled through the other one', async () => {
    const long = await on<{ startBacktest: Run }>(0, START, { input: { code: smaCode(ALL_SYMBOLS) } });
    expect(long.errors).toBeUndefined();
    const longId = long.data!.startBacktest.id;
    const cancelled = await on<{ cancelBacktest: Run }>(1, CANCEL, { id: longId });
    expect(cancelled.data!.cancelBacktest).toMatchObject({ status: 'CANCELLED', result: null });

    // The first server's worker moves on to the next run, which the second server reads to its end.
    const short = await on<{ startBacktest: Run }>(0, START, { input: { code: smaCode(['SPY', 'MSFT']) } });
    const shortId = short.data!.startBacktest.id;
    let run: Run;
    do {
      await pause(50);
      run = (await on<{ backtestRun: Run }>(1, GET, { id: shortId })).data!.backtestRun;
    } while (run.status === 'QUEUED' || run.status === 'RUNNING');
    expect(run).toMatchObject({ status: 'DONE', progress: 1 });
    expect((await on<{ backtestRun: Run }>(0, GET, { id: shortId })).data!.backtestRun).toEqual(run);
    const after = await on<{ backtestRun: Run }>(0, GET, { id: longId });
    expect(after.data!.backtestRun).toMatchObject({ status: 'CANCELLED', result: null });
  });

  it('marks the runs of a server that shuts down FAILED (interrupted), as the other server reads them', async () => {
    const long = await on<{ startBacktest: Run }>(0, START, { input: { code: smaCode(ALL_SYMBOLS) } });
    const id = long.data!.startBacktest.id;
    await apps.shift()!.close();
    const read = await on<{ backtestRun: Run }>(0, GET, { id });
    expect(read.data!.backtestRun).toMatchObject({
      status: 'FAILED',
      error: 'interrupted (server restarted)',
      result: null,
    });
  });
});
