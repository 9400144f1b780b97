/**
 * The built-in strategy library (spec §1, §2, §7): templates a user picks and tunes by a few numbers; each
 * `build`s a plain definition (`definition.ts`) that the one signal engine evaluates.
 *
 * Rules:
 * - A template's parameters are numbers with a default, bounds and a step; a parameter left out takes its
 *   default. `parseTemplateParams` reports an unknown template on `templateId`, and a bad, unknown or
 *   inconsistent parameter on `params.<name>`.
 * - Descriptions say what the rules do and when they tend to lose money; none promises a return.
 * - Sizing and stops come from the setup, else the template's defaults (10 % of equity per position; the
 *   mean-reversion templates add an 8 % stop-loss, the turtle breakout sizes by ATR risk).
 * - `definitionFromTemplate` checks the whole result with `parseDefinition`, so its symbols, interval, sizing
 *   and stops are held to the same rules as a hand-written definition.
 */
import type { Interval } from '../market/candle';
import * as b from './builders';
import { DEFINITION_VERSION, type RuleSet, type Sizing, type Stops, type StrategyDefinition } from './definition';
import { FieldErrors, fieldPath, type Parsed } from './fieldChecks';
import { parseDefinition } from './validation';

export type TemplateCategory = 'trend' | 'momentum' | 'meanReversion' | 'breakout';
export type RiskLevel = 'low' | 'medium' | 'high';
/** How long positions typically last: short (days), medium (weeks), long (months), on daily bars. */
export type TimeHorizon = 'short' | 'medium' | 'long';

export interface TemplateParameter {
  name: string;
  label: string;
  type: 'integer' | 'number';
  default: number;
  min: number;
  max: number;
  step: number;
  description: string;
}

export type TemplateParams = Readonly<Record<string, number>>;

/** What a template does not decide: where, on which bars, how much, and protective stops. */
export interface TemplateSetup {
  symbols: string[];
  interval: Interval;
  sizing?: Sizing;
  stops?: Stops;
}

export interface StrategyTemplate {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  riskLevel: RiskLevel;
  timeHorizon: TimeHorizon;
  tags: readonly string[];
  parameters: readonly TemplateParameter[];
  defaultSizing: Sizing;
  defaultStops: Stops;
  /** A rule between parameters (fast below slow): the error on the named parameter, or null. */
  check?: (params: TemplateParams) => { name: string; message: string } | null;
  /** The definition for these parameters (missing ones take their defaults; not validated, see parseTemplateParams). */
  build: (params?: Partial<TemplateParams>, setup?: TemplateSetup) => StrategyDefinition;
}

export const DEFAULT_SETUP: TemplateSetup = { symbols: ['SPY'], interval: '1D' };
export const DEFAULT_SIZING: Sizing = { kind: 'percentOfEquity', percent: 10 };
const MEAN_REVERSION_STOPS: Stops = { stopLossPercent: 8 };

type TemplateSpec = Omit<StrategyTemplate, 'build' | 'defaultSizing' | 'defaultStops'> &
  Partial<Pick<StrategyTemplate, 'defaultSizing' | 'defaultStops'>> & {
    rules: (p: TemplateParams) => { entry: RuleSet; exit: RuleSet };
  };

function template(spec: TemplateSpec): StrategyTemplate {
  const { rules, ...meta } = spec;
  const defaultSizing = spec.defaultSizing ?? DEFAULT_SIZING;
  const defaultStops = spec.defaultStops ?? {};
  return {
    ...meta,
    defaultSizing,
    defaultStops,
    build: (params = {}, setup = DEFAULT_SETUP) => ({
      version: DEFINITION_VERSION,
      symbols: [...setup.symbols],
      interval: setup.interval,
      side: 'long',
      ...rules(withDefaults(spec.parameters, params)),
      sizing: setup.sizing ?? defaultSizing,
      stops: setup.stops ?? defaultStops,
    }),
  };
}

function withDefaults(parameters: readonly TemplateParameter[], params: Partial<TemplateParams>): TemplateParams {
  const out: Record<string, number> = {};
  for (const p of parameters) out[p.name] = params[p.name] ?? p.default;
  return out;
}

function period(name: string, label: string, value: number, min: number, max: number, description: string) {
  return { name, label, type: 'integer', default: value, min, max, step: 1, description } satisfies TemplateParameter;
}

/** `name` must be greater than `lower` (a fast period below a slow one). */
function greaterParam(name: string, lower: string, label: string) {
  return (p: TemplateParams) =>
    p[name]! > p[lower]! ? null : { name, message: `Must be greater than the ${label} (${p[lower]})` };
}

export const STRATEGY_TEMPLATES: readonly StrategyTemplate[] = [
  template({
    id: 'sma-crossover',
    name: 'SMA crossover',
    description:
      'Buys when the fast simple moving average of closes crosses above the slow one, and sells when it crosses ' +
      'back below. It follows trends that are already under way, so it enters late and gives back part of each ' +
      'move before it exits. In sideways markets the averages cross back and forth and it takes a string of ' +
      'small losses (whipsaws).',
    category: 'trend',
    riskLevel: 'medium',
    timeHorizon: 'medium',
    tags: ['trend following', 'moving average', 'crossover'],
    parameters: [
      period('fast', 'Fast SMA', 20, 2, 200, 'Bars in the fast moving average.'),
      period('slow', 'Slow SMA', 50, 3, 500, 'Bars in the slow moving average; must be longer than the fast one.'),
    ],
    check: greaterParam('slow', 'fast', 'fast SMA'),
    rules: (p) => ({
      entry: b.all(b.crossesAbove(b.sma(p.fast!), b.sma(p.slow!))),
      exit: b.all(b.crossesBelow(b.sma(p.fast!), b.sma(p.slow!))),
    }),
  }),
  template({
    id: 'ema-crossover-trend',
    name: 'EMA crossover with trend filter',
    description:
      'Buys when the fast exponential average crosses above the slow one while the close is above the long ' +
      'trend average; sells when the fast average crosses back below the slow one or the close falls below the ' +
      'trend average. The filter skips buys against the long-term trend, at the cost of missing the start of new ' +
      'uptrends. It needs as many bars as the trend period before its first signal, and still whipsaws when ' +
      'prices chop around the trend average.',
    category: 'trend',
    riskLevel: 'medium',
    timeHorizon: 'medium',
    tags: ['trend following', 'moving average', 'crossover', 'filter'],
    parameters: [
      period('fast', 'Fast EMA', 12, 2, 200, 'Bars in the fast exponential average.'),
      period('slow', 'Slow EMA', 26, 3, 300, 'Bars in the slow exponential average; longer than the fast one.'),
      period('trend', 'Trend EMA', 200, 10, 500, 'Bars in the trend filter; buys only while the close is above it.'),
    ],
    check: greaterParam('slow', 'fast', 'fast EMA'),
    rules: (p) => ({
      entry: b.all(b.crossesAbove(b.ema(p.fast!), b.ema(p.slow!)), b.greaterThan(b.close, b.ema(p.trend!))),
      exit: b.any(b.crossesBelow(b.ema(p.fast!), b.ema(p.slow!)), b.lessThan(b.close, b.ema(p.trend!))),
    }),
  }),
  template({
    id: 'rsi-mean-reversion',
    name: 'RSI mean reversion',
    description:
      'Buys when RSI climbs back above the oversold level after a sell-off, and sells when RSI rises above the ' +
      'overbought level; an 8 % stop-loss by default. It bets that sharp drops bounce. In a strong downtrend RSI ' +
      'stays low and rebounds fail, so it buys repeatedly into a falling market; in strong uptrends it rarely ' +
      'gets a signal.',
    category: 'meanReversion',
    riskLevel: 'medium',
    timeHorizon: 'short',
    tags: ['mean reversion', 'oscillator', 'RSI'],
    parameters: [
      period('period', 'RSI period', 14, 2, 100, 'Bars in the RSI (Wilder smoothing).'),
      period('oversold', 'Oversold level', 30, 5, 50, 'Buy when RSI crosses back above this level.'),
      period('overbought', 'Overbought level', 70, 51, 95, 'Sell when RSI crosses above this level.'),
    ],
    defaultStops: MEAN_REVERSION_STOPS,
    rules: (p) => ({
      entry: b.all(b.crossesAbove(b.rsi(p.period!), b.constant(p.oversold!))),
      exit: b.all(b.crossesAbove(b.rsi(p.period!), b.constant(p.overbought!))),
    }),
  }),
  template({
    id: 'macd-momentum',
    name: 'MACD momentum',
    description:
      'Buys when the MACD line crosses above its signal line (the histogram turns positive) and sells when it ' +
      'crosses back below. It rides short bursts of momentum; both lines are built from moving averages, so ' +
      'signals come after the turn, and in quiet or choppy markets the lines cross often and most trades lose a ' +
      'little.',
    category: 'momentum',
    riskLevel: 'medium',
    timeHorizon: 'short',
    tags: ['momentum', 'MACD', 'crossover'],
    parameters: [
      period('fast', 'Fast EMA', 12, 2, 100, 'Bars in the fast EMA of the MACD line.'),
      period('slow', 'Slow EMA', 26, 3, 200, 'Bars in the slow EMA; longer than the fast one.'),
      period('signal', 'Signal EMA', 9, 2, 50, 'Bars in the EMA of the MACD line (the signal line).'),
    ],
    check: greaterParam('slow', 'fast', 'fast EMA'),
    rules: (p) => {
      const histogram = b.macd('histogram', p.fast!, p.slow!, p.signal!);
      return {
        entry: b.all(b.crossesAbove(histogram, b.constant(0))),
        exit: b.all(b.crossesBelow(histogram, b.constant(0))),
      };
    },
  }),
  template({
    id: 'bollinger-reversion',
    name: 'Bollinger band reversion',
    description:
      'Buys when the close falls below the lower Bollinger band and sells when it gets back above the middle band ' +
      '(the moving average); an 8 % stop-loss by default. It bets that stretched prices return to their average, ' +
      'which works in ranges. A close below the lower band is also how a real breakdown starts: in a trending ' +
      'decline it buys early and the stop does the selling.',
    category: 'meanReversion',
    riskLevel: 'high',
    timeHorizon: 'short',
    tags: ['mean reversion', 'volatility', 'Bollinger'],
    parameters: [
      period('period', 'Period', 20, 5, 200, 'Bars in the middle band (SMA) and the standard deviation.'),
      bandWidth(),
    ],
    defaultStops: MEAN_REVERSION_STOPS,
    rules: (p) => ({
      entry: b.all(b.crossesBelow(b.close, b.bollinger('lower', p.period!, p.stdDev!))),
      exit: b.all(b.crossesAbove(b.close, b.bollinger('middle', p.period!, p.stdDev!))),
    }),
  }),
  template({
    id: 'bollinger-breakout',
    name: 'Bollinger band breakout',
    description:
      'Buys when the close breaks above the upper Bollinger band and sells when it falls back below the middle ' +
      'band. It bets that a move strong enough to leave the band keeps going. Many such moves fade straight back ' +
      'into the band (false breakouts), so it loses often in ranges and relies on a few strong runs.',
    category: 'breakout',
    riskLevel: 'high',
    timeHorizon: 'short',
    tags: ['breakout', 'volatility', 'Bollinger'],
    parameters: [
      period('period', 'Period', 20, 5, 200, 'Bars in the middle band and the standard deviation.'),
      bandWidth(),
    ],
    rules: (p) => ({
      entry: b.all(b.crossesAbove(b.close, b.bollinger('upper', p.period!, p.stdDev!))),
      exit: b.all(b.crossesBelow(b.close, b.bollinger('middle', p.period!, p.stdDev!))),
    }),
  }),
  template({
    id: 'donchian-breakout',
    name: 'Donchian channel breakout (turtle-style)',
    description:
      'Buys when the close rises above the highest high of the previous entry-period bars and sells when it ' +
      'falls below the lowest low of the previous exit-period bars, sizing each position so that 2 ATRs against ' +
      'it cost 1 % of equity (the Turtle traders’ System 1, long side only). Most breakouts fail, so it has long ' +
      'losing streaks and deep drawdowns; its profits come from a few long trends it holds to the end.',
    category: 'breakout',
    riskLevel: 'high',
    timeHorizon: 'medium',
    tags: ['breakout', 'trend following', 'Donchian', 'turtle'],
    parameters: [
      period('entryPeriod', 'Entry channel', 20, 5, 300, 'Buy above the highest high of this many previous bars.'),
      period('exitPeriod', 'Exit channel', 10, 2, 300, 'Sell below the lowest low of this many previous bars.'),
    ],
    defaultSizing: { kind: 'atrRisk', riskPercent: 1, atrMultiple: 2, atrPeriod: 20 },
    rules: (p) => ({
      entry: b.all(b.greaterThan(b.close, b.donchian('upper', p.entryPeriod!))),
      exit: b.all(b.lessThan(b.close, b.donchian('lower', p.exitPeriod!))),
    }),
  }),
];

function bandWidth(): TemplateParameter {
  return {
    name: 'stdDev',
    label: 'Band width (σ)',
    type: 'number',
    default: 2,
    min: 0.5,
    max: 4,
    step: 0.1,
    description: 'Distance of the outer bands from the middle, in standard deviations.',
  };
}

export function findTemplate(id: string): StrategyTemplate | undefined {
  return STRATEGY_TEMPLATES.find((t) => t.id === id);
}

/** Reads a template's parameters: unknown names and values out of bounds are errors; missing ones take defaults. */
export function parseTemplateParams(templateId: unknown, params: unknown): Parsed<'params', TemplateParams> {
  const errors = new FieldErrors();
  const found = typeof templateId === 'string' ? findTemplate(templateId) : undefined;
  if (!found) {
    errors.choice(
      templateId,
      'templateId',
      STRATEGY_TEMPLATES.map((t) => t.id),
      'template',
    );
    return { ok: false, errors: errors.list };
  }
  const source =
    params === undefined
      ? {}
      : errors.record(
          params,
          'params',
          found.parameters.map((p) => p.name),
        );
  if (!source) return { ok: false, errors: errors.list };
  const out: Record<string, number> = {};
  for (const p of found.parameters) {
    const value = source[p.name] ?? p.default;
    const parsed = errors.number(value, fieldPath('params', p.name), {
      min: p.min,
      max: p.max,
      integer: p.type === 'integer',
    });
    if (parsed !== undefined) out[p.name] = parsed;
  }
  const mismatch = errors.list.length === 0 ? found.check?.(out) : null;
  if (mismatch) errors.add(fieldPath('params', mismatch.name), mismatch.message);
  return errors.list.length > 0 ? { ok: false, errors: errors.list } : { ok: true, params: out };
}

/** A checked definition from a template, its parameters and the setup (symbols, interval, sizing, stops). */
export function definitionFromTemplate(
  templateId: unknown,
  params: unknown,
  setup: TemplateSetup = DEFAULT_SETUP,
): Parsed<'definition', StrategyDefinition> {
  const parsed = parseTemplateParams(templateId, params);
  if (!parsed.ok) return parsed;
  return parseDefinition(findTemplate(templateId as string)!.build(parsed.params, setup));
}
