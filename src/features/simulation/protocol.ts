/**
 * The messages between the Simulation page and its Web Worker (./monteCarlo.worker.ts). Everything is plain
 * data (structured clone): bars as the candles query answers them, the result's curves as typed arrays.
 */
import type { Candle, Interval } from '../../domain/market/candle';
import type { MonteCarloResult } from '../../domain/simulation/monteCarlo';
import type { Holding } from '../../domain/simulation/sources';

/**
 * A strategy's definition as the page has it: a template's id and parameters with its symbols and interval (from
 * the strategies list), or the definition's canonical JSON (`code`, from the strategy's configuration query) for
 * one written as rules. The worker rebuilds the definition from either.
 */
export type StrategySpec =
  | { kind: 'template'; templateId: string; parameters: unknown; symbols: string[]; interval: Interval }
  | { kind: 'code'; code: string };

export type SimulationSource =
  | { kind: 'strategy'; strategy: StrategySpec; bars: [symbol: string, bars: Candle[]][] }
  | { kind: 'portfolio'; holdings: Holding[]; bars: [symbol: string, bars: Candle[]][] };

export interface SimulationSettings {
  horizon: number;
  paths: number;
  seed: number;
  initialCapital: number;
}

/** Page → worker: run one simulation (a worker runs one; a new run gets a new worker). */
export interface SimulationRequest {
  source: SimulationSource;
  settings: SimulationSettings;
}

/** What was resampled, for the page to say. */
export interface SampleSummary {
  /** 'trades' of a strategy or 'days' of a portfolio's returns. */
  unit: 'trades' | 'days';
  size: number;
  /** Draws per trading day (trades per day for a strategy, 1 for daily returns). */
  drawsPerStep: number;
  /** The bars' first and last times (epoch seconds, as the candles query gives them). */
  from: number;
  to: number;
}

/** Worker → page. */
export type SimulationMessage =
  /** Share of the work done, 0–1. */
  | { type: 'progress'; done: number }
  | { type: 'result'; result: MonteCarloResult; sample: SampleSummary }
  /** Nothing to resample (no trade, no common day): said as it is, no result. */
  | { type: 'empty'; reason: string }
  | { type: 'error'; message: string };
