import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strategies } from '../../server/db/schema';
import { RISK_LIMITS } from '../../src/domain/recommendations';
import { findTemplate } from '../../src/domain/strategies';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const LIST = `query R($limit: Int) { strategyRecommendations(limit: $limit) {
  strategyId templateId parameters confidence reasoning marketCompatibility riskScore expectedReturn
  recommendedSymbols deploymentPriority timestamp
  strategy { id name category riskLevel }
  basis { symbolsTested windows positiveWindows trades windowBars maxDrawdown volatility sharpeRatio winRate from to }
} }`;
const DEPLOY = `mutation D($input: DeployRecommendationInput!) { deployRecommendation(input: $input) {
  id name templateId parameters symbols interval isActive category
} }`;

interface Recommendation {
  strategyId: string;
  templateId: string;
  parameters: Record<string, number>;
  confidence: number;
  reasoning: string;
  marketCompatibility: number;
  riskScore: number;
  expectedReturn: number;
  recommendedSymbols: string[];
  deploymentPriority: number;
  timestamp: string;
  strategy: { id: string; name: string };
  basis: { symbolsTested: number; windows: number; trades: number; maxDrawdown: number; volatility: number };
}

interface ErrorAnswer {
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

describe.each(drivers)('strategy recommendations (%s)', (driver) => {
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
  const list = async (limit?: number, as = token) => {
    const answer = await call<{ strategyRecommendations: Recommendation[] }>(LIST, { limit }, as);
    expect(answer.errors).toBeUndefined();
    return answer.data!.strategyRecommendations;
  };
  const setRisk = async (riskTolerance: string) => {
    const answer = await call('mutation P($input: PreferencesInput!) { updatePreferences(input: $input) { id } }', {
      input: { riskTolerance },
    });
    expect(answer.errors).toBeUndefined();
  };
  const stored = () => t.db.select().from(strategies).where(eq(strategies.userId, userId));

  it('ranks templates on liquid symbols within the risk tolerance, every field explained', async () => {
    await setRisk('aggressive');
    const aggressive = await list();
    expect(aggressive.length).toBeGreaterThan(0);
    expect(aggressive.length).toBeLessThanOrEqual(7);
    expect(aggressive.map((r) => r.deploymentPriority)).toEqual(aggressive.map((_, i) => i + 1));
    for (const r of aggressive) {
      const template = findTemplate(r.templateId)!;
      expect(r.strategy).toMatchObject({ id: template.id, name: template.name });
      expect(r.strategyId).toBe(`${r.templateId}:${r.recommendedSymbols.join('+')}`);
      expect(r.parameters).toEqual(Object.fromEntries(template.parameters.map((p) => [p.name, p.default])));
      expect(r.recommendedSymbols.length).toBeGreaterThanOrEqual(1);
      expect(r.recommendedSymbols.length).toBeLessThanOrEqual(3);
      expect(r.expectedReturn).toBeGreaterThan(0);
      expect(r.confidence).toBeGreaterThan(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      expect(r.marketCompatibility).toBeGreaterThan(0);
      expect(r.marketCompatibility).toBeLessThanOrEqual(1);
      expect(r.riskScore).toBeGreaterThanOrEqual(0);
      expect(r.riskScore).toBeLessThanOrEqual(100);
      expect(r.basis.symbolsTested).toBe(20);
      expect(r.basis.windows).toBe(4 * r.recommendedSymbols.length);
      expect(-r.basis.maxDrawdown).toBeLessThanOrEqual(RISK_LIMITS.aggressive.maxDrawdown);
      expect(r.basis.volatility).toBeLessThanOrEqual(RISK_LIMITS.aggressive.maxVolatility);
      expect(r.reasoning).toContain(`${r.basis.windows} windows of 126 daily bars (${r.basis.trades} trades)`);
      expect(r.reasoning).toContain('within the limits of the aggressive risk tolerance');
      expect(Date.parse(r.timestamp)).not.toBeNaN();
    }
    expect(await list(1)).toEqual(aggressive.slice(0, 1));

    await setRisk('conservative');
    for (const r of await list()) {
      expect(-r.basis.maxDrawdown).toBeLessThanOrEqual(RISK_LIMITS.conservative.maxDrawdown);
      expect(r.basis.volatility).toBeLessThanOrEqual(RISK_LIMITS.conservative.maxVolatility);
      expect(r.reasoning).toContain('within the limits of the conservative risk tolerance');
    }
  });

  it('refuses a limit outside 1–10, naming it', async () => {
    for (const limit of [0, 11]) {
      const answer = (await call(LIST, { limit })) as ErrorAnswer;
      expect(answer.errors?.[0]).toMatchObject({
        message: 'limit: must be a whole number from 1 to 10',
        extensions: { code: 'BAD_USER_INPUT', field: 'limit' },
      });
    }
  });

  it('deploys a recommendation as a paused strategy of the signed-in user', async () => {
    await setRisk('aggressive');
    const [first] = await list(1);
    const answer = await call<{ deployRecommendation: Record<string, unknown> }>(DEPLOY, {
      input: { templateId: first!.templateId, symbols: first!.recommendedSymbols },
    });
    expect(answer.errors).toBeUndefined();
    const template = findTemplate(first!.templateId)!;
    expect(answer.data!.deployRecommendation).toMatchObject({
      name: `${template.name} · ${first!.recommendedSymbols.join(', ')}`.slice(0, 60),
      templateId: first!.templateId,
      parameters: first!.parameters,
      // A definition keeps its symbols sorted.
      symbols: [...first!.recommendedSymbols].sort(),
      interval: '1D',
      isActive: false,
      category: template.category,
    });
    const rows = await stored();
    expect(rows.map((row) => [row.id, row.isActive])).toEqual([[answer.data!.deployRecommendation.id, false]]);

    const other = await createUserWithSession(t.db);
    const theirs = await call(DEPLOY, { input: { templateId: 'macd-momentum', symbols: ['SPY'] } }, other.token);
    expect(theirs.errors).toBeUndefined();
    expect(await stored()).toHaveLength(1);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ templateId: 'no-such-template', symbols: ['SPY'] }, 'templateId'],
      [{ templateId: 'macd-momentum', symbols: [] }, 'symbols'],
      [{ templateId: 'macd-momentum', symbols: ['NOPE'] }, 'symbols[0]'],
      [{ templateId: 'macd-momentum', symbols: ['SPY'], name: '' }, 'name'],
    ];
    for (const [input, field] of cases) {
      const answer = (await call(DEPLOY, { input })) as ErrorAnswer;
      expect(answer.errors?.[0]?.extensions, JSON.stringify(input)).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(answer.errors?.[0]?.message, JSON.stringify(answer.errors)).toContain(field);
    }
    expect(await stored()).toHaveLength(before);
  });
});
