import { and, asc, count, eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { StrategyDataCard } from '../../../src/domain/chat/messages';
import { findTemplate } from '../../../src/domain/strategies';
import { strategies, trades } from '../../db/schema';
import { badUserInput } from '../errors';
import { createStrategyManager, type StrategyManagerDependencies } from './manage';
import { createStrategyPerformance } from './performance';

export { createStrategyRunner, RUNNER_BARS, type StrategyRunner } from './runner';

const name = z.string().trim().min(1, 'a strategy needs a name').max(60, 'a strategy name has at most 60 characters');

type StrategyRow = typeof strategies.$inferSelect;

/**
 * A user's strategies: the assistant's cards (create by name, paused; list and view, each with the number of paper
 * trades placed under it), and the API's strategies with their definitions and backtests (./manage.ts). Active
 * strategies are traded by the leader's runner (./runner.ts).
 */
export function createStrategyService(dependencies: StrategyManagerDependencies) {
  const { db } = dependencies;
  async function card(userId: string, row: StrategyRow): Promise<StrategyDataCard> {
    const [traded] = await db
      .select({ n: count() })
      .from(trades)
      .where(and(eq(trades.userId, userId), eq(trades.strategyId, row.id)));
    // The latest backtest's figures (percent), never invented: null until one ran (a win rate needs a trade).
    const metrics = row.backtestMetrics;
    return {
      id: row.id,
      name: row.name,
      status: row.isActive ? 'active' : 'paused',
      performance: metrics ? metrics.totalReturn * 100 : null,
      winRate: metrics && metrics.totalTrades > 0 ? metrics.winRate * 100 : null,
      profitLoss: null,
      tradesCount: traded?.n ?? 0,
    };
  }

  const manager = createStrategyManager(dependencies);
  return {
    ...manager,
    ...createStrategyPerformance(dependencies),

    /**
     * The assistant's `/strategy create`: `<template id> <name>` creates the template's strategy (default parameters
     * and setup, the same path as createStrategy); any other text is the name of a strategy without rules yet.
     */
    async create(userId: string, rawName: string, description = ''): Promise<StrategyDataCard> {
      const [first = '', ...rest] = rawName.trim().split(/\s+/);
      const template = findTemplate(first.toLowerCase());
      if (template && rest.length > 0) {
        const created = await manager.createStrategy(
          { userId, idempotencyKey: null },
          { name: rest.join(' '), templateId: template.id },
        );
        const [row] = await db.select().from(strategies).where(eq(strategies.id, created.id));
        if (row) return card(userId, row);
      }
      const parsed = name.safeParse(rawName);
      if (!parsed.success) throw badUserInput(parsed.error.issues[0]?.message ?? 'invalid name');
      const [row] = await db
        .insert(strategies)
        .values({ userId, name: parsed.data, description })
        .onConflictDoNothing()
        .returning();
      if (!row) throw badUserInput(`You already have a strategy named "${parsed.data}".`);
      return card(userId, row);
    },

    async list(userId: string): Promise<StrategyDataCard[]> {
      const rows = await db
        .select()
        .from(strategies)
        .where(eq(strategies.userId, userId))
        .orderBy(asc(strategies.createdAt));
      return Promise.all(rows.map((row) => card(userId, row)));
    },

    /** The user's strategy with this id or (case-insensitive) name, or null. */
    async find(userId: string, nameOrId: string): Promise<StrategyDataCard | null> {
      const wanted = nameOrId.trim();
      const [row] = await db
        .select()
        .from(strategies)
        .where(
          and(
            eq(strategies.userId, userId),
            z.uuid().safeParse(wanted).success
              ? eq(strategies.id, wanted)
              : sql`lower(${strategies.name}) = lower(${wanted})`,
          ),
        );
      return row ? card(userId, row) : null;
    },
  };
}

export type StrategyService = ReturnType<typeof createStrategyService>;
