/**
 * A backtest's input as evolveStrategy and startBacktest take it, checked and its daily bars read, before anything is
 * written (so bad input stores nothing): the user's strategy (NOT_FOUND for another user's id) or inline code, daily
 * definitions only, known symbols (at most 50), bars in the range for each, and at most `maxBacktestBars` bars in all.
 */
import type { Candle } from '../../../src/domain/market/candle';
import { parseDefinitionJson, type StrategyDefinition } from '../../../src/domain/strategies';
import { badUserInput } from '../errors';
import type { PortfolioBacktestOptions } from './backtest';
import { storedDefinition, type StrategyRow } from './model';
import { parseEvolveStrategy, parsedOrThrow } from './validation';

/** Daily bars asked of the market per symbol (the simulator keeps 756). */
export const MAX_BARS = 2_520;
/** Most bars (symbols × bars in the range) one backtest runs by default: 50 symbols of every bar there is. */
export const MAX_BACKTEST_BARS = 50 * MAX_BARS;

/** A backtest's checked input with its bars (`prepareBacktest`). */
export interface PreparedBacktest {
  definition: StrategyDefinition;
  /** The stored strategy, or undefined for inline code. */
  row: StrategyRow | undefined;
  symbols: string[];
  barsBySymbol: Map<string, Candle[]>;
  options: PortfolioBacktestOptions;
}

export interface BacktestPreparationDependencies {
  /** Daily bars of a known symbol, oldest first. */
  dailyBars: (symbol: string, limit: number) => Promise<Candle[]>;
  maxBacktestBars: number;
  /** Refuses unknown symbols, naming each (`symbols[i]`). */
  assertKnown: (symbols: readonly string[], field: string) => Promise<void>;
  /** The user's strategy row; NOT_FOUND for an unknown id or another user's. */
  ownRow: (userId: string, id: string) => Promise<StrategyRow>;
}

export function createBacktestPreparation({
  dailyBars,
  maxBacktestBars,
  assertKnown,
  ownRow,
}: BacktestPreparationDependencies) {
  /**
   * A backtest's input checked and its bars read (nothing written): the user's strategy (NOT_FOUND for another
   * user's id) or inline code, daily definitions only, known symbols (at most 50), bars in the range for each, and at
   * most `maxBacktestBars` bars in all (else BAD_USER_INPUT naming `symbols`, or `from` when a range was given).
   */
  return async function prepareBacktest(userId: string, input: Record<string, unknown>): Promise<PreparedBacktest> {
    const parsed = parseEvolveStrategy(input);
    let definition: StrategyDefinition;
    let row: StrategyRow | undefined;
    if (parsed.strategyId !== undefined) {
      row = await ownRow(userId, parsed.strategyId);
      const stored = storedDefinition(row);
      if (!stored) throw badUserInput('strategyId: this strategy has no rules yet; update it with a template or code');
      definition = stored;
    } else {
      definition = parsedOrThrow(parseDefinitionJson(parsed.code ?? ''), 'definition', 'code');
    }
    if (definition.interval !== '1D') {
      throw badUserInput(`${row ? 'strategyId' : 'code.interval'}: backtests run on daily bars (1D) for now`);
    }
    const symbols = parsed.symbols ?? definition.symbols;
    await assertKnown(symbols, 'symbols');
    const from = parsed.from ?? -Infinity;
    const to = parsed.to ?? Infinity;
    const barsBySymbol = new Map<string, Candle[]>();
    let total = 0;
    for (const symbol of symbols) {
      const bars = (await dailyBars(symbol, MAX_BARS)).filter((bar) => bar.time >= from && bar.time <= to);
      if (bars.length === 0) throw badUserInput(`from: no daily bars of ${symbol} in this date range`);
      barsBySymbol.set(symbol, bars);
      total += bars.length;
    }
    if (total > maxBacktestBars) {
      const field = parsed.from !== undefined ? 'from' : 'symbols';
      throw badUserInput(
        `${field}: ${total.toLocaleString('en-US')} bars in all, more than the ${maxBacktestBars.toLocaleString('en-US')} one backtest may run; choose fewer symbols or a shorter range`,
      );
    }
    const options = {
      capital: parsed.initialCapital,
      commissionCents: parsed.commissionCents,
      slippageBps: parsed.slippageBps,
    };
    return { definition, row, symbols, barsBySymbol, options };
  };
}
