import { describe, expect, it } from 'vitest';
import {
  findCommand,
  helpText,
  parsePositiveNumber,
  parseSlashCommand,
  SLASH_COMMANDS,
  suggestSlashCommands,
} from './slashCommands';

const errorOf = (text: string) => {
  const result = parseSlashCommand(text);
  return result.type === 'error' ? result.message : undefined;
};
const commandOf = (text: string) => {
  const result = parseSlashCommand(text);
  return result.type === 'command' ? result.command : undefined;
};

describe('parseSlashCommand', () => {
  it('leaves plain text alone', () => {
    expect(parseSlashCommand('how is AAPL doing?')).toEqual({ type: 'text' });
    expect(parseSlashCommand('price of 1/2 share')).toEqual({ type: 'text' });
  });

  it('parses /buy and /sell with symbol, quantity and an optional limit price', () => {
    expect(commandOf('/buy aapl 5')).toEqual({ kind: 'buy', symbol: 'AAPL', quantity: 5 });
    expect(commandOf('  /SELL MSFT 2 $410.5 ')).toEqual({ kind: 'sell', symbol: 'MSFT', quantity: 2, price: 410.5 });
    expect(commandOf('/buy BRK.B 1 0.5')).toEqual({ kind: 'buy', symbol: 'BRK.B', quantity: 1, price: 0.5 });
  });

  it("answers 'Invalid usage' for /buy and /sell with fewer than two arguments or bad values", () => {
    expect(errorOf('/buy')).toBe('Invalid usage. Expected: /buy [symbol] [quantity] [price?]');
    expect(errorOf('/buy AAPL')).toBe('Invalid usage. Expected: /buy [symbol] [quantity] [price?]');
    expect(errorOf('/sell AAPL')).toBe('Invalid usage. Expected: /sell [symbol] [quantity] [price?]');
    expect(errorOf('/buy AAPL ten')).toBe('Invalid usage. Expected: /buy [symbol] [quantity] [price?]');
    expect(errorOf('/buy AAPL 0')).toBe('Invalid usage. Expected: /buy [symbol] [quantity] [price?]');
    expect(errorOf('/buy AAPL -3')).toBe('Invalid usage. Expected: /buy [symbol] [quantity] [price?]');
    expect(errorOf('/buy AAPL 1e3')).toBe('Invalid usage. Expected: /buy [symbol] [quantity] [price?]');
    expect(errorOf('/sell AAPL 5 cheap')).toBe('Invalid usage. Expected: /sell [symbol] [quantity] [price?]');
    expect(errorOf('/buy AAPL 5 100 now')).toBe('Invalid usage. Expected: /buy [symbol] [quantity] [price?]');
    expect(errorOf('/buy 123 5')).toBe('Invalid usage. Expected: /buy [symbol] [quantity] [price?]');
  });

  it("asks for a symbol when /analyze has none: 'Please specify a symbol to analyze'", () => {
    expect(errorOf('/analyze')).toBe('Please specify a symbol to analyze');
    expect(errorOf('/analyze   ')).toBe('Please specify a symbol to analyze');
    expect(commandOf('/analyze nvda')).toEqual({ kind: 'analyze', symbol: 'NVDA' });
  });

  it('reports unknown commands with the spec text', () => {
    expect(errorOf('/moon AAPL')).toBe('Unknown command: /moon. Type /help for available commands.');
    expect(errorOf('/')).toBe('Unknown command: /. Type /help for available commands.');
  });

  it('parses /portfolio and /performance with the default and every period', () => {
    expect(commandOf('/portfolio')).toEqual({ kind: 'portfolio' });
    expect(commandOf('/performance')).toEqual({ kind: 'performance', period: '1M' });
    for (const period of ['1D', '1W', '1M', '3M', 'YTD', '1Y', 'ALL']) {
      expect(commandOf(`/performance ${period.toLowerCase()}`)).toEqual({ kind: 'performance', period });
    }
    expect(errorOf('/performance 2W')).toBe('Invalid period: 2W. Expected one of 1D, 1W, 1M, 3M, YTD, 1Y, ALL.');
  });

  it('implements /strategy [create|view|list] and /alert [symbol] [condition] [value]', () => {
    expect(commandOf('/strategy')).toEqual({ kind: 'strategy', action: 'list' });
    expect(commandOf('/strategy create Momentum breakout')).toEqual({
      kind: 'strategy',
      action: 'create',
      argument: 'Momentum breakout',
    });
    expect(errorOf('/strategy delete')).toBe('Invalid usage. Expected: /strategy [create|view|list]');
    expect(commandOf('/alert tsla above 250')).toEqual({
      kind: 'alert',
      symbol: 'TSLA',
      condition: 'above',
      value: 250,
    });
    expect(commandOf('/alert TSLA Below $199.99')).toEqual({
      kind: 'alert',
      symbol: 'TSLA',
      condition: 'below',
      value: 199.99,
    });
    expect(errorOf('/alert TSLA near 250')).toBe('Invalid usage. Expected: /alert [symbol] [above|below] [value]');
    expect(errorOf('/alert TSLA above')).toBe('Invalid usage. Expected: /alert [symbol] [above|below] [value]');
  });

  it('parses /help with and without a command', () => {
    expect(commandOf('/help')).toEqual({ kind: 'help' });
    expect(commandOf('/help buy')).toEqual({ kind: 'help', command: findCommand('/buy') });
    expect(commandOf('/help /analyze')).toEqual({ kind: 'help', command: findCommand('/analyze') });
    expect(errorOf('/help fly')).toBe('Unknown command: fly. Type /help for available commands.');
  });
});

describe('helpText', () => {
  it('lists every command with its usage and category', () => {
    const text = helpText();
    for (const entry of SLASH_COMMANDS) expect(text).toContain(`\`${entry.usage}\` (${entry.category})`);
  });

  it('explains one command', () => {
    const buy = findCommand('buy');
    expect(buy).toBeDefined();
    expect(helpText(buy)).toContain('Usage: `/buy [symbol] [quantity] [price?]`');
  });
});

describe('suggestSlashCommands', () => {
  it('suggests every command for a lone slash and filters by prefix while the name is typed', () => {
    expect(suggestSlashCommands('/')).toHaveLength(SLASH_COMMANDS.length);
    expect(suggestSlashCommands('/p').map((entry) => entry.command)).toEqual(['/portfolio', '/performance']);
    expect(suggestSlashCommands('/BU').map((entry) => entry.command)).toEqual(['/buy']);
  });

  it('stops suggesting once arguments begin or for plain text', () => {
    expect(suggestSlashCommands('/buy ')).toEqual([]);
    expect(suggestSlashCommands('hello')).toEqual([]);
  });
});

describe('parsePositiveNumber', () => {
  it('accepts plain positive decimals only', () => {
    expect(parsePositiveNumber('12')).toBe(12);
    expect(parsePositiveNumber('$12.50')).toBe(12.5);
    expect(parsePositiveNumber('.5')).toBe(0.5);
    for (const bad of ['0', '-1', '1e2', '0x10', '1,000', 'Infinity', '', undefined]) {
      expect(parsePositiveNumber(bad)).toBeUndefined();
    }
  });
});
