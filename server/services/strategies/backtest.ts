/**
 * A portfolio backtest (src/domain/backtest/portfolio.ts) as the API answers it: ISO times, the metrics' API shape.
 * Synchronous here (evolveStrategy: 756 daily bars × 50 symbols take well under a second); backtest runs
 * (server/services/backtests) run the symbols on worker threads and convert their combination with `toPortfolioModel`.
 */
import type { BacktestTrade } from '../../../src/domain/backtest/engine';
import type { BacktestMetrics } from '../../../src/domain/backtest/metrics';
import {
  backtestPortfolio as runPortfolio,
  type PortfolioOptions,
  type PortfolioResult,
} from '../../../src/domain/backtest/portfolio';
import type { Candle } from '../../../src/domain/market/candle';
import type { StrategyDefinition } from '../../../src/domain/strategies';
import { toMetricsModel, type StrategyMetricsModel } from './model';

export interface CurvePoint {
  time: string;
  value: number;
}

/** A backtest trade as the API answers it: the domain's, with its symbol and ISO times. */
export type BacktestTradeModel = Pick<
  BacktestTrade,
  'entryPrice' | 'exitPrice' | 'quantity' | 'pnl' | 'return' | 'holdingBars' | 'entryReason' | 'exitReason'
> & { symbol: string; entryTime: string; exitTime: string };

export interface PortfolioBacktest {
  from: number;
  to: number;
  initialCapital: number;
  metrics: StrategyMetricsModel;
  benchmarkMetrics: StrategyMetricsModel;
  rawMetrics: BacktestMetrics;
  equityCurve: CurvePoint[];
  drawdownCurve: CurvePoint[];
  benchmarkCurve: CurvePoint[];
  trades: BacktestTradeModel[];
}

export type PortfolioBacktestOptions = PortfolioOptions;

const iso = (ms: number) => new Date(ms).toISOString();

/** The API's shape of a combined portfolio backtest. */
export function toPortfolioModel(result: PortfolioResult, initialCapital: number): PortfolioBacktest {
  const { times } = result;
  const curve = (values: ArrayLike<number>) => times.map((time, i) => ({ time: iso(time), value: values[i]! }));
  return {
    from: times[0]!,
    to: times.at(-1)!,
    initialCapital,
    metrics: toMetricsModel(result.metrics),
    benchmarkMetrics: toMetricsModel(result.benchmarkMetrics),
    rawMetrics: result.metrics,
    equityCurve: curve(result.equity),
    drawdownCurve: curve(result.drawdown),
    benchmarkCurve: curve(result.benchmark),
    trades: result.trades.map(({ symbol, trade }) => ({
      symbol,
      entryTime: iso(trade.entryTime),
      exitTime: iso(trade.exitTime),
      entryPrice: trade.entryPrice,
      exitPrice: trade.exitPrice,
      quantity: trade.quantity,
      pnl: trade.pnl,
      return: trade.return,
      holdingBars: trade.holdingBars,
      entryReason: trade.entryReason,
      exitReason: trade.exitReason,
    })),
  };
}

/** Every symbol on this thread. */
export function backtestPortfolio(
  definition: StrategyDefinition,
  barsBySymbol: ReadonlyMap<string, readonly Candle[]>,
  options: PortfolioBacktestOptions,
): PortfolioBacktest {
  return toPortfolioModel(runPortfolio(definition, barsBySymbol, options), options.capital);
}
