import { and, desc, eq } from 'drizzle-orm';
import type { BacktestMetrics } from '../../../src/domain/backtest/metrics';
import type { Candle } from '../../../src/domain/market/candle';
import type { Instrument } from '../../../src/domain/market/universe';
import { canonicalJson, findTemplate, STRATEGY_TEMPLATES } from '../../../src/domain/strategies';
import type { Database } from '../../db/client';
import { strategies } from '../../db/schema';
import type { EventBus } from '../../events';
import { badUserInput, isUniqueViolation, notFound } from '../errors';
import { withIdempotency, type MutationCall, type Transaction } from '../idempotency';
import { backtestPortfolio, type PortfolioBacktest } from './backtest';
import { storedDefinition, toModel, type StrategyModel, type StrategyRow } from './model';
import { createBacktestPreparation, MAX_BACKTEST_BARS } from './prepareBacktest';
import { recordVersion, strategyVersionList } from './versions';
import {
  definitionOf,
  fieldErrors,
  parseCreateStrategy,
  parseStrategyId,
  parseUpdateStrategy,
  type DefinitionSource,
} from './validation';

export { MAX_BACKTEST_BARS, MAX_BARS, type PreparedBacktest } from './prepareBacktest';

/** Most strategies one page lists (spec §9). */
export const MAX_STRATEGIES_PAGE = 50;

/** What the rules of each template category are made for. */
const MARKET_CONDITIONS: Readonly<Record<string, string[]>> = {
  trend: ['trending'],
  momentum: ['trending'],
  meanReversion: ['ranging'],
  breakout: ['volatile', 'trending'],
};

export interface StrategyManagerDependencies {
  db: Database;
  now: () => Date;
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  /** Daily bars of a known symbol, oldest first. */
  dailyBars: (symbol: string, limit: number) => Promise<Candle[]>;
  /** Tells the leader's strategy runner (./runner.ts) that a strategy changed: `strategyChanged`. */
  events: Pick<EventBus, 'publish'>;
  /** Cancels the working orders a strategy placed (as it is deactivated or deleted). */
  cancelStrategyOrders: (userId: string, strategyId: string) => Promise<unknown>;
  /** BACKTEST_MAX_BARS: most bars one backtest runs (default MAX_BACKTEST_BARS). */
  maxBacktestBars?: number;
}

export interface StrategyFilter {
  limit?: number | null;
  category?: string | null;
  isActive?: boolean | null;
}

export interface StrategyBacktestModel extends Omit<PortfolioBacktest, 'from' | 'to' | 'rawMetrics'> {
  strategyId: string | null;
  symbols: string[];
  from: string;
  to: string;
}

const notFoundError = () => notFound('Strategy');
const duplicateName = (name: string) => badUserInput(`name: you already have a strategy named "${name}"`);

/** The columns a definition decides. */
function definitionColumns({ definition, templateId, parameters }: DefinitionSource) {
  return { code: canonicalJson(definition), templateId, parameters };
}

/** The user's strategy row with this id, or undefined (also for another user's id). */
export async function findOwnStrategy(
  tx: Transaction | Database,
  userId: string,
  id: string,
): Promise<StrategyRow | undefined> {
  const [row] = await tx
    .select()
    .from(strategies)
    .where(and(eq(strategies.id, id), eq(strategies.userId, userId)));
  return row;
}

/** Strategies of one user (spec §3, §7): every read and write is scoped to `userId`; another user's id is NOT_FOUND. */
export function createStrategyManager({
  db,
  now,
  instruments,
  dailyBars,
  events,
  cancelStrategyOrders,
  maxBacktestBars = MAX_BACKTEST_BARS,
}: StrategyManagerDependencies) {
  /**
   * Refuses unknown symbols, naming each by its place in the list as the caller sent it (`given`; the definition's
   * list is normalised and sorted, so its own index would point at another entry).
   */
  const assertKnown = async (symbols: readonly string[], field: string, given?: unknown) => {
    const known = await instruments();
    const sent = Array.isArray(given)
      ? given.map((item) => (typeof item === 'string' ? item.trim().toUpperCase() : ''))
      : [];
    const errors = symbols.flatMap((symbol, i) => {
      if (known.has(symbol)) return [];
      const at = sent.indexOf(symbol);
      return [{ field: `${field}[${at >= 0 ? at : i}]`, message: `Unknown symbol ${symbol}` }];
    });
    if (errors.length > 0) throw fieldErrors(errors, '');
  };
  /** The symbols list as sent: the `symbols` argument, or the one inside `code`. */
  const sentSymbols = (input: Record<string, unknown>, code: string | undefined): unknown => {
    if (code === undefined) return input.symbols;
    try {
      return (JSON.parse(code) as { symbols?: unknown }).symbols;
    } catch {
      return undefined;
    }
  };

  const write = async <T>(
    call: MutationCall,
    operation: string,
    name: string | undefined,
    run: (tx: Transaction) => Promise<T>,
  ) => {
    try {
      return await withIdempotency(db, { userId: call.userId, key: call.idempotencyKey, operation }, run);
    } catch (error) {
      if (name !== undefined && isUniqueViolation(error, 'strategies_user_name_unique')) throw duplicateName(name);
      throw error;
    }
  };

  const ownRow = async (tx: Transaction | Database, userId: string, id: string): Promise<StrategyRow> => {
    const row = await findOwnStrategy(tx, userId, id);
    if (!row) throw notFoundError();
    return row;
  };

  const setActive = (call: MutationCall, id: string, active: boolean) =>
    write(call, active ? 'activateStrategy' : 'deactivateStrategy', undefined, async (tx) => {
      const [row] = await tx
        .update(strategies)
        .set({ isActive: active, updatedAt: now() })
        .where(and(eq(strategies.id, id), eq(strategies.userId, call.userId)))
        .returning();
      if (!row) throw notFoundError();
      return toModel(row);
    });

  /** The runner stops the strategy (its row, read again before each order, already says so), its orders are cancelled. */
  const stopped = async (userId: string, id: string) => {
    await cancelStrategyOrders(userId, id);
    events.publish('strategyChanged', id);
  };

  /** Stores a backtest's metrics and range as the strategy's latest (evolveStrategy, a finished backtest run). */
  async function recordBacktest(
    tx: Transaction | Database,
    userId: string,
    strategyId: string,
    { metrics, from, to }: { metrics: BacktestMetrics; from: number; to: number },
  ): Promise<boolean> {
    await tx
      .update(strategies)
      .set({ backtestMetrics: metrics, backtestFrom: new Date(from), backtestTo: new Date(to), backtestedAt: now() })
      .where(and(eq(strategies.id, strategyId), eq(strategies.userId, userId)));
    return true;
  }

  const prepareBacktest = createBacktestPreparation({
    dailyBars,
    maxBacktestBars,
    assertKnown,
    ownRow: (userId, id) => ownRow(db, userId, id),
  });

  return {
    templates: () => STRATEGY_TEMPLATES,

    async strategies(userId: string, filter: StrategyFilter = {}): Promise<StrategyModel[]> {
      const limit = filter.limit ?? MAX_STRATEGIES_PAGE;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_STRATEGIES_PAGE) {
        throw badUserInput(`limit: must be a whole number from 1 to ${MAX_STRATEGIES_PAGE}`);
      }
      const rows = await db
        .select()
        .from(strategies)
        .where(
          and(
            eq(strategies.userId, userId),
            filter.category != null ? eq(strategies.category, filter.category) : undefined,
            filter.isActive != null ? eq(strategies.isActive, filter.isActive) : undefined,
          ),
        )
        .orderBy(desc(strategies.createdAt), desc(strategies.id))
        .limit(limit);
      return rows.map(toModel);
    },

    /** The user's strategy, or null (also for another user's id). */
    async strategy(userId: string, rawId: string): Promise<StrategyModel | null> {
      const row = await findOwnStrategy(db, userId, parseStrategyId(rawId));
      return row ? toModel(row) : null;
    },

    /** A strategy's versions, newest first (its `versions` field: read after the strategy itself). */
    strategyVersions: (userId: string, strategyId: string) => strategyVersionList(db, userId, strategyId),

    async createStrategy(call: MutationCall, input: Record<string, unknown>): Promise<StrategyModel> {
      const parsed = parseCreateStrategy(input);
      const source = definitionOf(parsed);
      await assertKnown(
        source.definition.symbols,
        parsed.code === undefined ? 'symbols' : 'code.symbols',
        sentSymbols(input, parsed.code),
      );
      const template = source.templateId ? findTemplate(source.templateId) : undefined;
      return write(call, 'createStrategy', parsed.name, async (tx) => {
        const at = now();
        const [row] = await tx
          .insert(strategies)
          .values({
            userId: call.userId,
            name: parsed.name,
            description: parsed.description,
            category: template?.category ?? 'custom',
            ...definitionColumns(source),
            tags: parsed.tags ?? [...(template?.tags ?? [])],
            riskLevel: parsed.riskLevel ?? template?.riskLevel ?? 'medium',
            timeHorizon: parsed.timeHorizon ?? template?.timeHorizon ?? 'medium',
            assetClasses: ['equities'],
            marketConditions: template ? (MARKET_CONDITIONS[template.category] ?? []) : [],
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!row) throw new Error('strategies row not created');
        await recordVersion(tx, row);
        return toModel(row);
      });
    },

    /** A partial update; a changed definition adds one to `version` (and keeps the last backtest's metrics as they were). */
    async updateStrategy(call: MutationCall, rawId: string, input: Record<string, unknown>): Promise<StrategyModel> {
      const id = parseStrategyId(rawId);
      const parsed = parseUpdateStrategy(input);
      const changesDefinition = ['templateId', 'parameters', 'code', 'symbols', 'interval'].some(
        (key) => parsed[key as keyof typeof parsed] !== undefined,
      );
      const current = await ownRow(db, call.userId, id);
      let source: DefinitionSource | undefined;
      if (changesDefinition) {
        const existing = storedDefinition(current);
        // A template strategy keeps what the update leaves out (its template, parameters, symbols, interval).
        source =
          parsed.code === undefined && (parsed.templateId ?? current.templateId)
            ? definitionOf({
                templateId: parsed.templateId ?? current.templateId ?? undefined,
                parameters: parsed.parameters ?? (parsed.templateId ? undefined : (current.parameters ?? undefined)),
                symbols: parsed.symbols ?? existing?.symbols,
                interval: parsed.interval ?? existing?.interval,
              })
            : definitionOf(parsed);
        await assertKnown(
          source.definition.symbols,
          parsed.code === undefined ? 'symbols' : 'code.symbols',
          sentSymbols(input, parsed.code),
        );
      }
      const newCode = source && canonicalJson(source.definition);
      const bump = newCode !== undefined && newCode !== current.code;
      const model = await write(call, 'updateStrategy', parsed.name, async (tx) => {
        const [row] = await tx
          .update(strategies)
          .set({
            ...(parsed.name !== undefined && { name: parsed.name }),
            ...(parsed.description !== undefined && { description: parsed.description }),
            ...(parsed.tags !== undefined && { tags: parsed.tags }),
            ...(parsed.riskLevel !== undefined && { riskLevel: parsed.riskLevel }),
            ...(parsed.timeHorizon !== undefined && { timeHorizon: parsed.timeHorizon }),
            ...(source && definitionColumns(source)),
            ...(bump && { version: current.version + 1 }),
            updatedAt: now(),
          })
          .where(and(eq(strategies.id, id), eq(strategies.userId, call.userId)))
          .returning();
        if (!row) throw notFoundError();
        if (bump) await recordVersion(tx, row);
        return toModel(row);
      });
      // A running strategy trades by its new rules from its next bar on.
      if (bump) events.publish('strategyChanged', id);
      return model;
    },

    async deleteStrategy(call: MutationCall, rawId: string): Promise<boolean> {
      const id = parseStrategyId(rawId);
      await write(call, 'deleteStrategy', undefined, async (tx) => {
        const deleted = await tx
          .delete(strategies)
          .where(and(eq(strategies.id, id), eq(strategies.userId, call.userId)))
          .returning({ id: strategies.id });
        if (deleted.length === 0) throw notFoundError();
        return true;
      });
      await stopped(call.userId, id);
      return true;
    },

    /**
     * Automated trading on: the leader's runner trades the strategy from its next closed bar on. Refused for a
     * strategy without rules (one the assistant created by name).
     */
    async activateStrategy(call: MutationCall, rawId: string): Promise<StrategyModel> {
      const id = parseStrategyId(rawId);
      if (!storedDefinition(await ownRow(db, call.userId, id))) {
        throw badUserInput('id: this strategy has no rules yet; update it with a template or code to activate it');
      }
      const model = await setActive(call, id, true);
      events.publish('strategyChanged', id);
      return model;
    },

    /** Automated trading off: the runner stops the strategy and the orders it left working are cancelled. */
    async deactivateStrategy(call: MutationCall, rawId: string): Promise<StrategyModel> {
      const id = parseStrategyId(rawId);
      const model = await setActive(call, id, false);
      await stopped(call.userId, id);
      return model;
    },

    prepareBacktest,
    recordBacktest,

    /** Backtests the strategy (or inline code) on daily bars; a stored strategy keeps the metrics and their range. */
    async evolveStrategy(call: MutationCall, input: Record<string, unknown>): Promise<StrategyBacktestModel> {
      const { definition, row, symbols, barsBySymbol, options } = await prepareBacktest(call.userId, input);
      const result = backtestPortfolio(definition, barsBySymbol, options);
      const { rawMetrics, from: start, to: end, ...rest } = result;
      if (row) {
        const stored = row;
        await write(call, 'evolveStrategy', undefined, (tx) =>
          recordBacktest(tx, call.userId, stored.id, { metrics: rawMetrics, from: start, to: end }),
        );
      }
      return {
        ...rest,
        strategyId: row?.id ?? null,
        symbols,
        from: new Date(start).toISOString(),
        to: new Date(end).toISOString(),
      };
    },
  };
}

export type StrategyManager = ReturnType<typeof createStrategyManager>;
