/**
 * Slash commands of the AI assistant (spec §3 Slash command, §5 Commands, §9 Slash commands). One parser,
 * used by the client for instant feedback and suggestions and by the server to execute.
 */

import { SYMBOL_PATTERN } from '../market/symbol';

export type SlashCommandCategory = 'trading' | 'analysis' | 'portfolio' | 'help';

export interface SlashCommand {
  command: string;
  description: string;
  usage: string;
  category: SlashCommandCategory;
}

export const PERFORMANCE_PERIODS = ['1D', '1W', '1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];
/** Period of `/performance` without an argument. */
export const DEFAULT_PERFORMANCE_PERIOD: PerformancePeriod = '1M';

export const STRATEGY_ACTIONS = ['create', 'view', 'list'] as const;
export type StrategyAction = (typeof STRATEGY_ACTIONS)[number];

export const ALERT_CONDITIONS = ['above', 'below'] as const;
export type AlertConditionName = (typeof ALERT_CONDITIONS)[number];

/** Every command, in the order /help lists them. */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  {
    command: '/buy',
    description: 'Prepare a buy order (you confirm it before it is placed)',
    usage: '/buy [symbol] [quantity] [price?]',
    category: 'trading',
  },
  {
    command: '/sell',
    description: 'Prepare a sell order (you confirm it before it is placed)',
    usage: '/sell [symbol] [quantity] [price?]',
    category: 'trading',
  },
  {
    command: '/analyze',
    description: 'Technical analysis of a symbol with a chart',
    usage: '/analyze [symbol]',
    category: 'analysis',
  },
  {
    command: '/portfolio',
    description: 'Summary of your holdings, cash and profit and loss',
    usage: '/portfolio',
    category: 'portfolio',
  },
  {
    command: '/performance',
    description: `Portfolio returns over a period (${PERFORMANCE_PERIODS.join(', ')})`,
    usage: '/performance [period?]',
    category: 'portfolio',
  },
  {
    command: '/strategy',
    description: 'Create, view or list your trading strategies',
    usage: '/strategy [create|view|list]',
    category: 'trading',
  },
  {
    command: '/alert',
    description: 'Create a price alert',
    usage: '/alert [symbol] [condition] [value]',
    category: 'trading',
  },
  {
    command: '/help',
    description: 'List the commands, or explain one',
    usage: '/help [command?]',
    category: 'help',
  },
];

export type ParsedCommand =
  | { kind: 'buy' | 'sell'; symbol: string; quantity: number; price?: number }
  | { kind: 'analyze'; symbol: string }
  | { kind: 'portfolio' }
  | { kind: 'performance'; period: PerformancePeriod }
  | { kind: 'strategy'; action: StrategyAction; argument?: string }
  | { kind: 'alert'; symbol: string; condition: AlertConditionName; value: number }
  | { kind: 'help'; command?: SlashCommand };

/** The result of parsing a message: not a command, a command, or the error text to show (spec §5). */
export type CommandParseResult =
  { type: 'text' } | { type: 'command'; command: ParsedCommand } | { type: 'error'; command: string; message: string };

/** A plain positive decimal: no signs, exponents, hex or thousands separators. */
const DECIMAL_PATTERN = /^\d+(\.\d+)?$|^\.\d+$/;

export const usageError = (command: string) => `Invalid usage. Expected: ${command} [symbol] [quantity] [price?]`;
export const ANALYZE_SYMBOL_REQUIRED = 'Please specify a symbol to analyze';
export const unknownCommandError = (command: string) =>
  `Unknown command: ${command}. Type /help for available commands.`;

export function isSlashCommand(text: string): boolean {
  return text.trimStart().startsWith('/');
}

export function findCommand(name: string): SlashCommand | undefined {
  const wanted = (name.startsWith('/') ? name : `/${name}`).toLowerCase();
  return SLASH_COMMANDS.find((entry) => entry.command === wanted);
}

/** An upper-cased ticker, or undefined when `raw` cannot be one. */
export function parseSymbol(raw: string | undefined): string | undefined {
  const symbol = raw?.toUpperCase();
  return symbol && SYMBOL_PATTERN.test(symbol) ? symbol : undefined;
}

/** A positive finite number written as a plain decimal (an optional leading `$` is allowed), else undefined. */
export function parsePositiveNumber(raw: string | undefined): number | undefined {
  const text = raw?.startsWith('$') ? raw.slice(1) : raw;
  if (!text || !DECIMAL_PATTERN.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function parseOrder(kind: 'buy' | 'sell', name: string, args: string[]): CommandParseResult {
  const [rawSymbol, rawQuantity, rawPrice, ...extra] = args;
  const symbol = parseSymbol(rawSymbol);
  const quantity = parsePositiveNumber(rawQuantity);
  const price = rawPrice === undefined ? undefined : parsePositiveNumber(rawPrice);
  if (!symbol || quantity === undefined || (rawPrice !== undefined && price === undefined) || extra.length > 0) {
    return { type: 'error', command: name, message: usageError(name) };
  }
  return { type: 'command', command: { kind, symbol, quantity, ...(price !== undefined && { price }) } };
}

function parseAnalyze(name: string, args: string[]): CommandParseResult {
  const symbol = parseSymbol(args[0]);
  if (!symbol) return { type: 'error', command: name, message: ANALYZE_SYMBOL_REQUIRED };
  return { type: 'command', command: { kind: 'analyze', symbol } };
}

function parsePerformance(name: string, args: string[]): CommandParseResult {
  const raw = args[0]?.toUpperCase() ?? DEFAULT_PERFORMANCE_PERIOD;
  const period = PERFORMANCE_PERIODS.find((candidate) => candidate === raw);
  if (!period || args.length > 1) {
    return {
      type: 'error',
      command: name,
      message: `Invalid period: ${args.join(' ')}. Expected one of ${PERFORMANCE_PERIODS.join(', ')}.`,
    };
  }
  return { type: 'command', command: { kind: 'performance', period } };
}

function parseStrategy(name: string, args: string[]): CommandParseResult {
  const raw = args[0]?.toLowerCase() ?? 'list';
  const action = STRATEGY_ACTIONS.find((candidate) => candidate === raw);
  if (!action) {
    return { type: 'error', command: name, message: `Invalid usage. Expected: ${name} [create|view|list]` };
  }
  const argument = args.slice(1).join(' ').trim();
  return { type: 'command', command: { kind: 'strategy', action, ...(argument && { argument }) } };
}

function parseAlert(name: string, args: string[]): CommandParseResult {
  const [rawSymbol, rawCondition, rawValue, ...extra] = args;
  const symbol = parseSymbol(rawSymbol);
  const condition = ALERT_CONDITIONS.find((candidate) => candidate === rawCondition?.toLowerCase());
  const value = parsePositiveNumber(rawValue);
  if (!symbol || !condition || value === undefined || extra.length > 0) {
    return { type: 'error', command: name, message: `Invalid usage. Expected: ${name} [symbol] [above|below] [value]` };
  }
  return { type: 'command', command: { kind: 'alert', symbol, condition, value } };
}

function parseHelp(name: string, args: string[]): CommandParseResult {
  if (args.length === 0) return { type: 'command', command: { kind: 'help' } };
  const command = findCommand(args[0] ?? '');
  if (!command) return { type: 'error', command: name, message: unknownCommandError(args[0] ?? '') };
  return { type: 'command', command: { kind: 'help', command } };
}

/**
 * Parses a chat message. Text not starting with `/` is `{ type: 'text' }`; a command is parsed with its
 * arguments (separated by white space; the command name is case-insensitive) or yields the spec's error text.
 */
export function parseSlashCommand(text: string): CommandParseResult {
  if (!isSlashCommand(text)) return { type: 'text' };
  const [first = '', ...args] = text.trim().split(/\s+/);
  const name = first.toLowerCase();
  switch (name) {
    case '/buy':
      return parseOrder('buy', name, args);
    case '/sell':
      return parseOrder('sell', name, args);
    case '/analyze':
      return parseAnalyze(name, args);
    case '/portfolio':
      return { type: 'command', command: { kind: 'portfolio' } };
    case '/performance':
      return parsePerformance(name, args);
    case '/strategy':
      return parseStrategy(name, args);
    case '/alert':
      return parseAlert(name, args);
    case '/help':
      return parseHelp(name, args);
    default:
      return { type: 'error', command: first, message: unknownCommandError(first) };
  }
}

/**
 * The commands to suggest while the user types `text`: all of them for a lone `/`, those whose name starts
 * with what was typed while the first word is being typed, none once arguments begin or for plain text.
 */
export function suggestSlashCommands(text: string): SlashCommand[] {
  if (!text.startsWith('/') || /\s/.test(text)) return [];
  const typed = text.toLowerCase();
  return SLASH_COMMANDS.filter((entry) => entry.command.startsWith(typed));
}

/** The /help answer in markdown (a list: plain CommonMark, no tables): every command with its usage and category, or one in detail. */
export function helpText(command?: SlashCommand): string {
  if (command) {
    return `**${command.command}** (${command.category})\n\n${command.description}.\n\nUsage: \`${command.usage}\``;
  }
  const lines = SLASH_COMMANDS.map((entry) => `- \`${entry.usage}\` (${entry.category}): ${entry.description}`);
  return ['**Available commands**', '', ...lines].join('\n');
}
